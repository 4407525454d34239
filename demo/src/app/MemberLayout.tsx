/**
 * The pages that need a member: the page itself once somebody is logged in (or while an ended
 * session waits for the next login, in the dialog over it), and otherwise, in its place, a login
 * form (and the providers' buttons) under the page's own heading, after which the page shows.
 */
import { Trans, useLingui } from "@lingui/react"
import { Link, Outlet, useLocation, useMatches } from "@tanstack/react-router"
import { useSession } from "stelace-effect/react"
import { LoginForm } from "../features/account/LoginForm.js"
import { SsoButtons } from "../features/account/SsoButtons.js"
import { PageTitle } from "../ui/PageTitle.js"

export const MemberLayout = () => {
  const { i18n } = useLingui()
  const { status } = useSession()
  const page = useMatches({ select: (matches) => matches.at(-1)?.staticData })
  // a login through a provider comes back to this page
  const here = useLocation({ select: (location) => location.href })
  if (status === "authenticated" || status === "expired") return <Outlet />
  if (status === "loading") return null
  const title = i18n._(page?.title ?? /*i18n*/ "layout.logIn")
  return (
    <section className="narrow">
      {/* the layout leaves the title of a page that names its resource to the page, which is not shown */}
      {page?.named && <PageTitle>{title}</PageTitle>}
      <h1 tabIndex={-1}>{title}</h1>
      <p>{i18n._("account.logInToSee")}</p>
      <SsoButtons next={here} />
      <LoginForm />
      <p><Trans id="common.newHere" components={{ 0: <Link to="/signup" /> }} /></p>
    </section>
  )
}
