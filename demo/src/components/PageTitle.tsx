/** The document's title for the page on screen (React 19 puts it in the head). */
import { useT } from "../i18n/index.js"

export const PageTitle = ({ children }: { children: string }) => <title>{useT()("common.pageTitle", { title: children })}</title>
