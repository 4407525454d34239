/**
 * The app's frame: header, the page of the current route (under what a logout through a provider
 * came to), footer (with the language), and the session-expired dialog.
 * On every change of page the new page's heading takes the focus (so screen readers announce it
 * and keyboard users start from it). The document's title is the route's (its `staticData`),
 * read here once; a page about one resource names it in the title itself, once it has it.
 */
import { Trans, useLingui } from "@lingui/react"
import { Outlet, useMatches, useRouter } from "@tanstack/react-router"
import { type RefObject, useEffect, useRef } from "react"
import { useSession } from "stelace-effect/react"
import { SsoLogoutNotice } from "../features/account/SsoButtons.js"
import { LiveUpdates } from "../lib/live.js"
import { PageTitle } from "../ui/PageTitle.js"
import { Header } from "./Header.js"
import { LanguageSelect } from "./LanguageSelect.js"
import { SessionExpiry } from "./SessionExpiry.js"

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

/**
 * The title of the page on screen, from its route's data: none for a page that names its resource
 * itself once shown, or for a page that failed (the error says what failed).
 */
const usePageTitle = (): string | undefined =>
  useMatches({
    select: (matches) => {
      const page = matches.at(-1)
      if (page === undefined || page.status === "error" || (page.staticData.named && page.status === "success")) return undefined
      return page.staticData.title
    }
  })

export const Layout = () => {
  const { i18n } = useLingui()
  const loggedIn = useSession().status === "authenticated"
  const main = useRef<HTMLElement>(null)
  const title = usePageTitle()
  useFocusOnNavigation(main)
  return (
    <>
      {title !== undefined && <PageTitle>{i18n._(title)}</PageTitle>}
      <a className="skip-link" href="#main">{i18n._("layout.skipLink")}</a>
      <Header />
      <main id="main" ref={main} tabIndex={-1}>
        <SsoLogoutNotice />
        <Outlet />
      </main>
      <footer className="site-footer">
        {/* biome-ignore lint/a11y/useAnchorContent: the message's <0>Stelace</0> is the link's text */}
        <p><Trans id="layout.footer" components={{ 0: <a href="https://github.com/stelace/stelace" /> }} /></p>
        <LanguageSelect />
      </footer>
      <SessionExpiry />
      {loggedIn && <LiveUpdates />}
    </>
  )
}
