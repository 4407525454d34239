/**
 * URLs as stelace.js put them on the wire (through axios 0.19): the query string's bytes, and
 * what of a path a request line cannot carry as it is.
 */

/** What axios 0.19 left unescaped in query strings (and a space as `+`). */
const axiosKept: Readonly<Record<string, string>> = { "40": "@", "3A": ":", "24": "$", "2C": ",", "20": "+", "5B": "[", "5D": "]" }

const plain = /^[\w.~-]*$/

const encodeQueryComponent = (value: string): string =>
  plain.test(value) ? value : encodeURIComponent(value).replace(/%(40|3A|24|2C|20|5B|5D)/g, (_, hex: string) => axiosKept[hex])

/**
 * Serializes a query as stelace.js did: null and undefined are left out, arrays repeat `key[]=`,
 * dates become ISO strings and objects JSON. Throws what `JSON.stringify` or an encoding throws.
 */
export const serializeQuery = (query: unknown): string => {
  if (query === null || typeof query !== "object") return ""
  let out = ""
  for (const key of Object.keys(query)) {
    const value = (query as Record<string, unknown>)[key]
    if (value === null || value === undefined) continue
    const name = encodeQueryComponent(Array.isArray(value) ? `${key}[]` : key)
    for (let item of Array.isArray(value) ? value : [value]) {
      if (item instanceof Date) item = item.toISOString()
      else if (item !== null && typeof item === "object") item = JSON.stringify(item)
      out += `${out ? "&" : ""}${name}=${encodeQueryComponent(String(item))}`
    }
  }
  return out
}

/** Characters a request line cannot carry as they are (spaces, controls, non-ASCII). */
const unsafeRuns = /[^\x21-\x7e]+/g

/**
 * The path with what a request line cannot carry percent-encoded, as URL parsers (and stelace.js)
 * did. Throws `URIError` on a lone surrogate.
 */
export const encodePath = (path: string): string => path.replace(unsafeRuns, encodeURIComponent)
