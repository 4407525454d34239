/**
 * What every route shows while its page loads, when it fails, and where there is no page: in the
 * layout (the header stays), in the visitor's language. A page whose code or data could not be
 * loaded (a chunk gone after a deploy, the network down) says so and offers to try again, which
 * loads the route once more.
 */
import { Trans, useLingui } from "@lingui/react"
import { useQueryErrorResetBoundary } from "@tanstack/react-query"
import { type ErrorComponentProps, Link, useMatch, useRouter } from "@tanstack/react-router"
import { useEffect } from "react"
import { describeError } from "../lib/errors.js"
import { ErrorMessage, Loading } from "../ui/Feedback.js"
import { PageTitle } from "../ui/PageTitle.js"

/** The page's code or data is on its way: its loading line ("Loading the listing…"). */
export const RoutePending = () => {
  const { i18n } = useLingui()
  const loading = useMatch({ strict: false, select: (match) => match.staticData.loading })
  return <Loading>{i18n._(loading ?? /*i18n*/ "common.loading")}</Loading>
}

/**
 * The page could not be shown: its heading ("Listing unavailable"), why, and "Try again", which
 * loads the route again; or, when the page's code could not be loaded, the whole app again: the
 * browser keeps a failed module as failed, and after a deploy the page's chunk has another name.
 */
export const RouteError = ({ error, reset }: ErrorComponentProps) => {
  const { i18n } = useLingui()
  const router = useRouter()
  const queryErrors = useQueryErrorResetBoundary()
  const failed = useMatch({ strict: false, select: (match) => match.staticData.failed })
  // a query that failed in a page (`useSuspenseQuery`) is tried again when the page shows again
  useEffect(() => queryErrors.reset(), [queryErrors])
  const title = i18n._(failed ?? /*i18n*/ "layout.pageFailed")
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <h1 tabIndex={-1}>{title}</h1>
      <ErrorMessage
        error={error}
        retry={() => {
          if (describeError(error).id === "errors.pageCode") return window.location.reload()
          reset()
          void router.invalidate()
        }}
      />
    </>
  )
}

/** No page at this address. */
export const NotFound = () => {
  const { i18n } = useLingui()
  return (
    <section className="narrow">
      <PageTitle>{i18n._("layout.notFound")}</PageTitle>
      <h1 tabIndex={-1}>{i18n._("layout.notFound")}</h1>
      <p><Trans id="layout.notFoundText" components={{ 0: <Link to="/" /> }} /></p>
    </section>
  )
}
