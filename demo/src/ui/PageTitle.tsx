/** The document's title for the page on screen (React 19 puts it in the head). */
import { useLingui } from "@lingui/react"

export const PageTitle = ({ children }: { children: string }) => <title>{useLingui().i18n._("common.pageTitle", { title: children })}</title>
