/**
 * Route matching. Static segments win over parameters (`/users/check-availability` before
 * `/users/:id`), whatever the declaration order; a known path with another method is a 405.
 */
import type { Route } from "./Route.js"

/** The outcome of matching a request. */
export type Match =
  | { readonly _tag: "Found"; readonly route: Route; readonly params: Record<string, string> }
  | { readonly _tag: "MethodNotAllowed"; readonly allowed: ReadonlyArray<string> }
  | { readonly _tag: "NotFound" }

interface Compiled {
  readonly route: Route
  readonly segments: ReadonlyArray<string>
  readonly staticCount: number
}

const decodeSegment = (part: string): string | undefined => {
  try {
    return decodeURIComponent(part)
  } catch {
    return undefined
  }
}

/** A matcher over a route table. */
export const makeRouter = (routes: ReadonlyArray<Route>) => {
  const compiled: Array<Compiled> = routes.map((route) => {
    const segments = route.path.split("/").filter((segment) => segment !== "")
    return { route, segments, staticCount: segments.filter((segment) => !segment.startsWith(":")).length }
  })

  const matchPath = (entry: Compiled, parts: ReadonlyArray<string>): Record<string, string> | undefined => {
    if (entry.segments.length !== parts.length) return undefined
    const params: Record<string, string> = {}
    for (let i = 0; i < parts.length; i++) {
      const segment = entry.segments[i]!
      if (segment.startsWith(":")) {
        const value = decodeSegment(parts[i]!)
        // a segment that is not valid percent-encoding matches no route, as in restify's router
        if (value === undefined) return undefined
        params[segment.slice(1)] = value
      } else if (segment !== parts[i]) return undefined
    }
    return params
  }

  return (method: string, pathname: string): Match => {
    const parts = pathname.split("/").filter((part) => part !== "")
    let best: { entry: Compiled; params: Record<string, string> } | undefined
    const allowed = new Set<string>()
    for (const entry of compiled) {
      const params = matchPath(entry, parts)
      if (params === undefined) continue
      allowed.add(entry.route.method)
      if (entry.route.method !== method) continue
      if (best === undefined || entry.staticCount > best.entry.staticCount) best = { entry, params }
    }
    if (best !== undefined) return { _tag: "Found", route: best.entry.route, params: best.params }
    return allowed.size > 0 ? { _tag: "MethodNotAllowed", allowed: [...allowed] } : { _tag: "NotFound" }
  }
}
