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
