/**
 * The site's header: its name, where to go, and who is logged in (and the logout, through the
 * provider for a session that came from one). On phones the links and the
 * account fold into a "Menu" button (a disclosure: `aria-expanded`, Escape closes it and gives the
 * focus back to the button, going to a page closes it).
 */
import { Trans, useLingui } from "@lingui/react"
import { Link, type LinkProps, useLocation, useNavigate } from "@tanstack/react-router"
import { type ReactNode, useEffect, useRef, useState } from "react"
import { useSession } from "stelace-effect/react"
import { useSingleSignOn } from "../features/account/singleSignOn.js"
import { useUnreadCount } from "../features/inbox/inbox.js"
import { LiveStatus } from "../lib/live.js"
import { useDisplayName } from "../lib/member.js"

/** A link of the header, `aria-current="page"` on its own page. */
const NavLink = ({ to, children }: { to: LinkProps["to"]; children: ReactNode }) => (
  <Link to={to} activeOptions={{ exact: true, includeSearch: false }}>{children}</Link>
)

/** "Inbox", and "(N unread)" when there are unread messages: the link's accessible name says both. */
const InboxLabel = () => {
  const { i18n } = useLingui()
  const unread = useUnreadCount()
  return (
    <>
      {i18n._("layout.inbox")}
      {unread !== undefined && unread > 0 && <span className="unread-count"> {i18n._("layout.inboxUnread", { count: unread })}</span>}
    </>
  )
}

/** Whether the phone menu is open: closed again by Escape (focus back on the button), a click outside or a new page. */
const useMenu = () => {
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const header = useRef<HTMLElement>(null)
  const path = useLocation({ select: (location) => location.pathname })
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the menu
  useEffect(() => setOpen(false), [path])
  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return
      setOpen(false)
      button.current?.focus()
    }
    const onPointer = (event: PointerEvent) => {
      if (!header.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener("keydown", onKey)
    document.addEventListener("pointerdown", onPointer)
    return () => {
      document.removeEventListener("keydown", onKey)
      document.removeEventListener("pointerdown", onPointer)
    }
  }, [open])
  return { open, toggle: () => setOpen(!open), button, header }
}

export const Header = () => {
  const { i18n } = useLingui()
  const session = useSession()
  const { sso } = useSingleSignOn()
  const name = useDisplayName(session.userId)
  const navigate = useNavigate()
  const menu = useMenu()
  const loggedIn = session.status === "authenticated"
  return (
    <header className="site-header" ref={menu.header}>
      <div className="header-inner">
        <Link to="/" className="brand">{i18n._("layout.brand")}</Link>
        <button
          ref={menu.button}
          type="button"
          className="menu-button secondary"
          aria-expanded={menu.open}
          aria-controls="site-menu"
          onClick={menu.toggle}
        >
          {i18n._("layout.menu")}
        </button>
        <div id="site-menu" className="site-menu" data-open={menu.open}>
          <nav aria-label={i18n._("layout.mainNav")}>
            <ul>
              <li><NavLink to="/">{i18n._("layout.home")}</NavLink></li>
              <li><NavLink to="/search">{i18n._("layout.search")}</NavLink></li>
              {loggedIn && <li><NavLink to="/listings/new">{i18n._("layout.newListing")}</NavLink></li>}
              {loggedIn && <li><NavLink to="/my-listings">{i18n._("layout.myListings")}</NavLink></li>}
              {loggedIn && <li><NavLink to="/inbox"><InboxLabel /></NavLink></li>}
              {loggedIn && <li><NavLink to="/bookings">{i18n._("layout.myBookings")}</NavLink></li>}
              {loggedIn && <li><NavLink to="/requests">{i18n._("layout.myRequests")}</NavLink></li>}
            </ul>
          </nav>
          <div className="account">
            {loggedIn
              ? (
                <>
                  <LiveStatus />
                  <span><Trans id="layout.loggedInAs" values={{ name: <>{name ?? "…"}</> }} components={{ 0: <strong /> }} /></span>
                  <NavLink to="/account">{i18n._("layout.account")}</NavLink>
                  <button
                    type="button"
                    className="secondary"
                    onClick={() => {
                      // a session from an openid provider logs out through it (the home page then
                      // says how far that went); any other, as ever
                      const provider = sso?.logoutProvider(session.userId)
                      if (sso === undefined || provider === undefined) {
                        sso?.forgetSession()
                        void session.logout()
                        void navigate({ to: "/" })
                        return
                      }
                      void sso.logOutThrough(provider, session.logoutFromProvider, "/").then(
                        (leaving) => {
                          if (!leaving) void navigate({ to: "/" })
                        },
                        () => navigate({ to: "/" })
                      )
                    }}
                  >
                    {i18n._("layout.logOut")}
                  </button>
                </>
              )
              : (
                <>
                  <NavLink to="/login">{i18n._("layout.logIn")}</NavLink>
                  <NavLink to="/signup">{i18n._("layout.signUp")}</NavLink>
                </>
              )}
          </div>
        </div>
      </div>
    </header>
  )
}
