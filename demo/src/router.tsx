/**
 * The app's router: the browser's history as a store, a `Link`, and path patterns. Ten flat
 * routes and query-string state need no more than this.
 */
import { type AnchorHTMLAttributes, type MouseEvent, useSyncExternalStore } from "react"

const listeners = new Set<() => void>()

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  window.addEventListener("popstate", listener)
  return () => {
    listeners.delete(listener)
    window.removeEventListener("popstate", listener)
  }
}

const currentHref = () => window.location.pathname + window.location.search

/**
 * `target` as a path of this app (path, query and hash), or `"/"` when it leads anywhere else.
 * It is resolved as the browser would follow it, so `//host`, `/\host`, a tab or newline inside
 * (which URLs drop), `https:` or `javascript:` all count as elsewhere. For every `?next=`.
 */
export const appPath = (target: string | null | undefined): string => {
  if (target == null || target === "") return "/"
  const origin = window.location.origin
  let url: URL
  try {
    url = new URL(target, origin)
  } catch {
    return "/"
  }
  return url.origin === origin ? url.pathname + url.search + url.hash : "/"
}

/** Goes to a path of the app (a new history entry, or the current one replaced). */
export const navigate = (to: string, options: { replace?: boolean } = {}) => {
  if (to === currentHref()) return
  if (options.replace) window.history.replaceState(null, "", to)
  else window.history.pushState(null, "", to)
  for (const listener of listeners) listener()
}

/** The current path and query string. */
export const useLocation = (): { pathname: string; search: URLSearchParams; href: string } => {
  const href = useSyncExternalStore(subscribe, currentHref)
  const url = new URL(href, window.location.origin)
  return { pathname: url.pathname, search: url.searchParams, href }
}

const segments = (path: string) => path.split("/").filter((segment) => segment !== "")

/** The parameters of a path against a pattern such as `/listings/:id`, or `undefined`. */
export const matchPath = (pattern: string, pathname: string): Record<string, string> | undefined => {
  const wanted = segments(pattern)
  const actual = segments(pathname)
  if (wanted.length !== actual.length) return undefined
  const params: Record<string, string> = {}
  for (const [index, part] of wanted.entries()) {
    const value = actual[index]!
    if (part.startsWith(":")) params[part.slice(1)] = decodeURIComponent(value)
    else if (part !== value) return undefined
  }
  return params
}

/** A link within the app: a real `<a href>`, followed without reloading on a plain click. */
export const Link = ({ to, onClick, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) => {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey
    if (event.defaultPrevented || event.button !== 0 || modified || props.target) return
    event.preventDefault()
    navigate(to)
  }
  return <a href={to} onClick={follow} {...props} />
}
