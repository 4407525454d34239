/**
 * What the backend refuses to read, whoever sends it: bodies above a size, JSON nested deeper
 * than its own code can walk, and JSON keys that would reach `Object.prototype` once merged.
 * Each is refused before anything is stored, so a request either succeeds or changes nothing,
 * and nothing one client stores can break another client's reads.
 */
import { ApiError, badRequest } from "./ApiError.js"

/**
 * The default body limit in bytes (5 MiB). The real server sets none (restify's `bodyParser()`
 * without options); no request of the API comes near it, and without a limit one request can
 * exhaust the process (a body longer than a string can hold throws `ERR_STRING_TOO_LONG`).
 */
export const defaultMaxBodySize = 5 * 1024 * 1024

/**
 * How deep a JSON value may nest (objects and arrays). Past a few thousand levels copying,
 * merging or serializing a value overflows the stack; the real server then answers 500. The
 * backend refuses far earlier, with a 400, before it stores anything.
 */
export const maxJsonDepth = 1000

/** Why a body size limit is not usable, or `undefined`. */
export const maxBodySizeProblem = (value: unknown): string | undefined =>
  value === undefined || (typeof value === "number" && Number.isSafeInteger(value) && value > 0)
    ? undefined
    : `maxBodySize must be a whole number of bytes above 0, got ${String(value)}`

/** 413 as restify's body reader answers it when a limit is set. */
export const payloadTooLarge = (maxBodySize: number): ApiError => {
  const message = `Request body size exceeds ${maxBodySize}`
  return new ApiError({ statusCode: 413, message, body: { code: "PayloadTooLarge", message } })
}

const encoder = new TextEncoder()

/** Is a text longer than `maxBytes` once UTF-8 encoded? Encodes only when the length cannot tell. */
export const exceedsBytes = (text: string, maxBytes: number): boolean => {
  // a UTF-16 unit takes one to three bytes
  if (text.length > maxBytes) return true
  if (text.length * 3 <= maxBytes) return false
  return encoder.encode(text).length > maxBytes
}

/**
 * Checks a parsed JSON value without recursion: refuses nesting past {@link maxJsonDepth} and any
 * own `__proto__` key (`JSON.parse` creates one as a plain property; a later spread or merge
 * would turn it into a prototype). `where` names the value in the message (`Request body`).
 */
export const checkJson = (value: unknown, where: string): ApiError | undefined => {
  const pending: Array<readonly [unknown, number]> = [[value, 0]]
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!
    if (typeof current !== "object" || current === null) continue
    if (depth >= maxJsonDepth) return badRequest(`${where} nests deeper than ${maxJsonDepth} levels`)
    if (Array.isArray(current)) {
      for (const item of current) pending.push([item, depth + 1])
      continue
    }
    if (Object.hasOwn(current, "__proto__")) return badRequest(`${where} may not use "__proto__" as a key`)
    for (const item of Object.values(current)) pending.push([item, depth + 1])
  }
  return undefined
}

/** `JSON.parse`, then {@link checkJson}; a syntax error is rethrown as is. */
export const parseCheckedJson = (text: string, where: string): unknown => {
  const value: unknown = JSON.parse(text)
  const refused = checkJson(value, where)
  if (refused !== undefined) throw refused
  return value
}
