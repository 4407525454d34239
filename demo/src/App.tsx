/**
 * The app's frame and routes. On every change of page the new page's heading takes the focus (so
 * screen readers announce it and keyboard users start from it) and the document's title follows
 * (pages about one listing or booking name it themselves).
 */
import { type ReactNode, useEffect, useRef } from "react"
import { useSession } from "stelace-effect/react"
import { Header } from "./components/Header.js"
import { PageTitle } from "./components/PageTitle.js"
import { RequireLogin, SessionExpiry } from "./components/SessionExpiry.js"
import { BookingPage } from "./pages/BookingPage.js"
import { BookingsPage } from "./pages/BookingsPage.js"
import { ListingPage } from "./pages/ListingPage.js"
import { LoginPage } from "./pages/LoginPage.js"
import { NewListingPage } from "./pages/NewListingPage.js"
import { SearchPage } from "./pages/SearchPage.js"
import { LiveUpdates } from "./live.js"
import { SignupPage } from "./pages/SignupPage.js"
import { Link, matchPath, useLocation } from "./router.js"

interface Route {
  readonly path: string
  readonly title?: string
  readonly render: (params: Record<string, string>) => ReactNode
}

const routes: ReadonlyArray<Route> = [
  { path: "/", title: "Find something to rent", render: () => <SearchPage /> },
  { path: "/login", title: "Log in", render: () => <LoginPage /> },
  { path: "/signup", title: "Sign up", render: () => <SignupPage /> },
  { path: "/listings/new", title: "List an item", render: () => <RequireLogin title="List an item"><NewListingPage /></RequireLogin> },
  { path: "/listings/:id", render: ({ id }) => <ListingPage key={id} id={id!} /> },
  { path: "/bookings", title: "My bookings", render: () => <RequireLogin title="My bookings"><BookingsPage role="taker" /></RequireLogin> },
  { path: "/requests", title: "My requests", render: () => <RequireLogin title="My requests"><BookingsPage role="owner" /></RequireLogin> },
  { path: "/bookings/:id", render: ({ id }) => <RequireLogin title="Booking"><BookingPage key={id} id={id!} /></RequireLogin> }
]

const NotFound = () => (
  <section className="narrow">
    <h1 tabIndex={-1}>Page not found</h1>
    <p>There is nothing at this address. <Link to="/">Browse the listings</Link> instead.</p>
  </section>
)

const resolve = (pathname: string) => {
  for (const route of routes) {
    const params = matchPath(route.path, pathname)
    if (params) return { title: route.title, element: route.render(params) }
  }
  return { title: "Page not found", element: <NotFound /> }
}

export const App = () => {
  const { pathname } = useLocation()
  const { title, element } = resolve(pathname)
  const loggedIn = useSession().status === "authenticated"
  const main = useRef<HTMLElement>(null)
  const first = useRef(true)

  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger: focus and scroll move on each navigation
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    window.scrollTo(0, 0)
    // the page's heading once it is rendered; the main region while the page is still loading
    const heading = main.current?.querySelector<HTMLElement>("h1")
    ;(heading ?? main.current)?.focus({ preventScroll: true })
  }, [pathname])

  return (
    <>
      {title && <PageTitle>{title}</PageTitle>}
      <a className="skip-link" href="#main">Skip to the content</a>
      <Header />
      <main id="main" ref={main} tabIndex={-1}>{element}</main>
      <footer className="site-footer">
        <p>A demo of <a href="https://github.com/stelace/stelace">Stelace</a> running on stelace-effect. Data lives in memory and resets when the server restarts.</p>
      </footer>
      <SessionExpiry />
      {loggedIn && <LiveUpdates />}
    </>
  )
}
