/**
 * The app's frame: header, the page of the current route, footer, and the session-expired dialog.
 * On every change of page the new page's heading takes the focus (so screen readers announce it
 * and keyboard users start from it); each route sets the document's title (pages about one
 * listing or booking name it themselves).
 */
import { Link, Outlet, useRouter } from "@tanstack/react-router"
import { type RefObject, useEffect, useRef } from "react"
import { useSession } from "stelace-effect/react"
import { Header } from "./components/Header.js"
import { PageTitle } from "./components/PageTitle.js"
import { SessionExpiry } from "./components/SessionExpiry.js"
import { LiveUpdates } from "./live.js"

export const NotFound = () => (
  <section className="narrow">
    <PageTitle>Page not found</PageTitle>
    <h1 tabIndex={-1}>Page not found</h1>
    <p>There is nothing at this address. <Link to="/">Browse the listings</Link> instead.</p>
  </section>
)

/**
 * Focuses the page's heading once the new page is on screen (the router says so with `onRendered`);
 * while the page still loads its data, the main region, then its heading as soon as it shows.
 */
const useFocusOnNavigation = (main: RefObject<HTMLElement | null>) => {
  const router = useRouter()
  useEffect(() => {
    let stopWatching = () => {}
    const unsubscribe = router.subscribe("onRendered", ({ pathChanged, fromLocation }) => {
      if (!pathChanged || fromLocation === undefined) return
      stopWatching()
      window.scrollTo(0, 0)
      const element = main.current
      if (element === null) return
      const focusHeading = () => {
        const heading = element.querySelector<HTMLElement>("h1")
        heading?.focus({ preventScroll: true })
        return heading !== null
      }
      if (focusHeading()) return
      element.focus({ preventScroll: true })
      const observer = new MutationObserver(() => {
        if (document.activeElement !== element && document.activeElement !== document.body) observer.disconnect()
        else if (focusHeading()) observer.disconnect()
      })
      observer.observe(element, { childList: true, subtree: true })
      const timer = window.setTimeout(() => observer.disconnect(), 10_000)
      stopWatching = () => {
        observer.disconnect()
        window.clearTimeout(timer)
      }
    })
    return () => {
      unsubscribe()
      stopWatching()
    }
  }, [router, main])
}

export const Layout = () => {
  const loggedIn = useSession().status === "authenticated"
  const main = useRef<HTMLElement>(null)
  useFocusOnNavigation(main)
  return (
    <>
      <a className="skip-link" href="#main">Skip to the content</a>
      <Header />
      <main id="main" ref={main} tabIndex={-1}><Outlet /></main>
      <footer className="site-footer">
        <p>A demo of <a href="https://github.com/stelace/stelace">Stelace</a> running on stelace-effect, through its React bindings.</p>
      </footer>
      <SessionExpiry />
      {loggedIn && <LiveUpdates />}
    </>
  )
}
