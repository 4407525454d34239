/** The site's header: its name, where to go, and who is logged in. */
import { useSession } from "stelace-effect/react"
import { LiveStatus } from "../live.js"
import { useDisplayName } from "../queries.js"
import { Link, navigate, useLocation } from "../router.js"

const NavLink = ({ to, children }: { to: string; children: string }) => {
  const { pathname } = useLocation()
  return <Link to={to} aria-current={pathname === to ? "page" : undefined}>{children}</Link>
}

export const Header = () => {
  const session = useSession()
  const name = useDisplayName(session.userId)
  const loggedIn = session.status === "authenticated"
  return (
    <header className="site-header">
      <div className="header-inner">
        <Link to="/" className="brand">Stelace Rentals</Link>
        <nav aria-label="Main">
          <ul>
            <li><NavLink to="/">Browse</NavLink></li>
            {loggedIn && <li><NavLink to="/listings/new">List an item</NavLink></li>}
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
                    navigate("/")
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
