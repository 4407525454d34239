/** Loading, error and empty states, the same everywhere. */
import type { ReactNode } from "react"
import { SessionExpired } from "stelace-effect"
import { type Action, describeError } from "../errors.js"

/** Something is on its way (announced politely to screen readers). */
export const Loading = ({ children = "Loading…" }: { children?: ReactNode }) => (
  <p className="loading" role="status">{children}</p>
)

/**
 * An error as a sentence, and a way to try again when that can help. An ended session says
 * nothing here: the "Please log in again" dialog speaks for it, once, and the page stays as it was.
 */
export const ErrorMessage = ({ error, action, retry }: { error: unknown; action?: Action; retry?: () => void }) =>
  error instanceof SessionExpired ? null : (
    <div className="error" role="alert">
      <p>{describeError(error, action)}</p>
      {retry && <button type="button" className="secondary" onClick={retry}>Try again</button>}
    </div>
  )

/** Nothing to show, and what to do about it. */
export const Empty = ({ children }: { children: ReactNode }) => <div className="empty">{children}</div>
