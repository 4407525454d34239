/** Loading, outcome, error and empty states, the same everywhere. */
import { useLingui } from "@lingui/react"
import type { ReactNode } from "react"
import { SessionExpired } from "stelace-effect"
import { type Action, describeError } from "../lib/errors.js"

/** Something is on its way (announced politely to screen readers). */
export const Loading = ({ children }: { children?: ReactNode }) => {
  const { i18n } = useLingui()
  return <p className="loading" role="status">{children ?? i18n._("common.loading")}</p>
}

/**
 * An error as a sentence in the visitor's language (by its kind: `describeError`), and a way to
 * try again when that can help. An ended session says nothing here: the "Please log in again"
 * dialog speaks for it, once, and the page stays as it was.
 */
export const ErrorMessage = ({ error, action, retry }: { error: unknown; action?: Action; retry?: () => void }) => {
  const { i18n } = useLingui()
  if (error instanceof SessionExpired) return null
  const sentence = describeError(error, action)
  return (
    <div className="error" role="alert">
      <p>{i18n._(sentence.id, sentence.values)}</p>
      {retry && <button type="button" className="secondary" onClick={retry}>{i18n._("common.tryAgain")}</button>}
    </div>
  )
}

/**
 * What the last action did ("Profile saved"), announced politely. The region stays in the page,
 * empty until there is news: screen readers announce the changes of a region they already know.
 */
export const Outcome = ({ children }: { children: string | undefined }) => <p className="outcome" role="status">{children}</p>

/** Nothing to show, and what to do about it. */
export const Empty = ({ children }: { children: ReactNode }) => <div className="empty">{children}</div>
