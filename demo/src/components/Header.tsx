/** The site's header: its name, where to go, and who is logged in. */
import { useSession } from "stelace-effect/react"
import { LiveStatus } from "../live.js"
import { useDisplayName, useUnreadCount } from "../queries.js"
import { Link, type LinkProps, useNavigate } from "@tanstack/react-router"
import type { ReactNode } from "react"

/** A link of the header, `aria-current="page"` on its own page. */
const NavLink = ({ to, children }: { to: LinkProps["to"]; children: ReactNode }) => (
  <Link to={to} activeOptions={{ exact: true, includeSearch: false }}>{children}</Link>
)

/** "Inbox", and "(N unread)" when there are unread messages: the link's accessible name says both. */
const InboxLabel = () => {
  const unread = useUnreadCount()
  return <>Inbox{unread !== undefined && unread > 0 && <span className="unread-count"> ({unread} unread)</span>}</>
}

export const Header = () => {
  const session = useSession()
  const name = useDisplayName(session.userId)
  const navigate = useNavigate()
  const loggedIn = session.status === "authenticated"
  return (
    <header className="site-header">
      <div className="header-inner">
        <Link to="/" className="brand">Stelace Rentals</Link>
        <nav aria-label="Main">
          <ul>
            <li><NavLink to="/">Home</NavLink></li>
            <li><NavLink to="/search">Search</NavLink></li>
            {loggedIn && <li><NavLink to="/listings/new">List an item</NavLink></li>}
            {loggedIn && <li><NavLink to="/my-listings">My listings</NavLink></li>}
            {loggedIn && <li><NavLink to="/inbox"><InboxLabel /></NavLink></li>}
            {loggedIn && <li><NavLink to="/bookings">My bookings</NavLink></li>}
            {loggedIn && <li><NavLink to="/requests">My requests</NavLink></li>}
          </ul>
        </nav>
        <div className="account">
          {loggedIn
            ? (
              <>
                <LiveStatus />
                <span>Logged in as <strong>{name ?? "…"}</strong></span>
                <button
                  type="button"
                  className="secondary"
                  onClick={() => {
                    void session.logout()
                    void navigate({ to: "/" })
                  }}
                >
                  Log out
                </button>
              </>
            )
            : (
              <>
                <NavLink to="/login">Log in</NavLink>
                <NavLink to="/signup">Sign up</NavLink>
              </>
            )}
        </div>
      </div>
    </header>
  )
}
