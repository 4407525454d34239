/**
 * The site's header: its name, where to go, and who is logged in. On phones the links and the
 * account fold into a "Menu" button (a disclosure: `aria-expanded`, Escape closes it and gives the
 * focus back to the button, going to a page closes it).
 */
import { useSession } from "stelace-effect/react"
import { LiveStatus } from "../live.js"
import { useDisplayName, useUnreadCount } from "../queries.js"
import { T, useT } from "../i18n/index.js"
import { Link, type LinkProps, useLocation, useNavigate } from "@tanstack/react-router"
import { type ReactNode, useEffect, useRef, useState } from "react"

/** A link of the header, `aria-current="page"` on its own page. */
const NavLink = ({ to, children }: { to: LinkProps["to"]; children: ReactNode }) => (
  <Link to={to} activeOptions={{ exact: true, includeSearch: false }}>{children}</Link>
)

/** "Inbox", and "(N unread)" when there are unread messages: the link's accessible name says both. */
const InboxLabel = () => {
  const t = useT()
  const unread = useUnreadCount()
  return <>{t("layout.inbox")}{unread !== undefined && unread > 0 && <span className="unread-count"> {t("layout.inboxUnread", { count: unread })}</span>}</>
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
  const t = useT()
  const session = useSession()
  const name = useDisplayName(session.userId)
  const navigate = useNavigate()
  const menu = useMenu()
  const loggedIn = session.status === "authenticated"
  return (
    <header className="site-header" ref={menu.header}>
      <div className="header-inner">
        <Link to="/" className="brand">{t("layout.brand")}</Link>
        <button
          ref={menu.button}
          type="button"
          className="menu-button secondary"
          aria-expanded={menu.open}
          aria-controls="site-menu"
          onClick={menu.toggle}
        >
          {t("layout.menu")}
        </button>
        <div id="site-menu" className="site-menu" data-open={menu.open}>
          <nav aria-label={t("layout.mainNav")}>
            <ul>
              <li><NavLink to="/">{t("layout.home")}</NavLink></li>
              <li><NavLink to="/search">{t("layout.search")}</NavLink></li>
              {loggedIn && <li><NavLink to="/listings/new">{t("layout.newListing")}</NavLink></li>}
              {loggedIn && <li><NavLink to="/my-listings">{t("layout.myListings")}</NavLink></li>}
              {loggedIn && <li><NavLink to="/inbox"><InboxLabel /></NavLink></li>}
              {loggedIn && <li><NavLink to="/bookings">{t("layout.myBookings")}</NavLink></li>}
              {loggedIn && <li><NavLink to="/requests">{t("layout.myRequests")}</NavLink></li>}
            </ul>
          </nav>
          <div className="account">
            {loggedIn
              ? (
                <>
                  <LiveStatus />
                  <span><T id="layout.loggedInAs" values={{ name: name ?? "…" }} components={{ 0: <strong /> }} /></span>
                  <NavLink to="/account">{t("layout.account")}</NavLink>
                  <button
                    type="button"
                    className="secondary"
                    onClick={() => {
                      void session.logout()
                      void navigate({ to: "/" })
                    }}
                  >
                    {t("layout.logOut")}
                  </button>
                </>
              )
              : (
                <>
                  <NavLink to="/login">{t("layout.logIn")}</NavLink>
                  <NavLink to="/signup">{t("layout.signUp")}</NavLink>
                </>
              )}
          </div>
        </div>
      </div>
    </header>
  )
}
