/**
 * A page whose main data has not come yet, or could not be read: its title, and the loading line
 * or the error with a way to try again. The same on every page that reads one resource.
 */
import type { ReactNode } from "react"
import { ErrorMessage, Loading } from "./Feedback.js"
import { PageTitle } from "./PageTitle.js"

/** The page's resource is on its way. */
export const LoadingPage = ({ title, children }: { title: string; children: string }) => (
  <>
    <PageTitle>{title}</PageTitle>
    <Loading>{children}</Loading>
  </>
)

/** The page's resource could not be read: `title` as heading, the error, then `children` (a way elsewhere). */
export const UnavailablePage = (
  { title, error, retry, children }: { title: string; error: unknown; retry: () => void; children?: ReactNode }
) => (
  <>
    <PageTitle>{title}</PageTitle>
    <h1 tabIndex={-1}>{title}</h1>
    <ErrorMessage error={error} retry={retry} />
    {children}
  </>
)
