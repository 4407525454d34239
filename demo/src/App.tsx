/**
 * The app's frame: header, the page of the current route, footer (with the language), and the
 * session-expired dialog.
 * On every change of page the new page's heading takes the focus (so screen readers announce it
 * and keyboard users start from it); each route sets the document's title (pages about one
 * listing or booking name it themselves).
 */
import { Link, Outlet, useRouter } from "@tanstack/react-router"
import { type RefObject, useEffect, useRef } from "react"
import { useSession } from "stelace-effect/react"
import { Header } from "./components/Header.js"
import { LanguageSelect } from "./components/LanguageSelect.js"
import { PageTitle } from "./components/PageTitle.js"
import { SessionExpiry } from "./components/SessionExpiry.js"
import { T, useT } from "./i18n/index.js"
import { LiveUpdates } from "./live.js"

export const NotFound = () => {
  const t = useT()
  return (
    <section className="narrow">
      <PageTitle>{t("layout.notFound")}</PageTitle>
      <h1 tabIndex={-1}>{t("layout.notFound")}</h1>
      <p><T id="layout.notFoundText" components={{ 0: <Link to="/" /> }} /></p>
    </section>
  )
}

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
  const t = useT()
  const loggedIn = useSession().status === "authenticated"
  const main = useRef<HTMLElement>(null)
  useFocusOnNavigation(main)
  return (
    <>
      <a className="skip-link" href="#main">{t("layout.skipLink")}</a>
      <Header />
      <main id="main" ref={main} tabIndex={-1}><Outlet /></main>
      <footer className="site-footer">
        {/* biome-ignore lint/a11y/useAnchorContent: the message's <0>Stelace</0> is the link's text */}
        <p><T id="layout.footer" components={{ 0: <a href="https://github.com/stelace/stelace" /> }} /></p>
        <LanguageSelect />
      </footer>
      <SessionExpiry />
      {loggedIn && <LiveUpdates />}
    </>
  )
}
