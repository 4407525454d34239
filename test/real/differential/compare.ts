/**
 * Comparing what the real server and the in-memory backend answered to the same steps.
 *
 * Ids differ between the two servers, so they are mapped: an id saved by a step (`save`) is known
 * by its name on each side, and two ids met at the same place of the two answers are paired the
 * first time and must stay paired afterwards. Dates of the run (creation, status changes) are
 * compared as `<now>`, or relative to the answer when they are hours away (a reset token valid 10
 * minutes); other dates (a booking in 2031) are compared as they are. Random secrets are compared
 * by shape: access tokens by their claims, API keys by type and length, other tokens by length.
 * The real server's debugging fields (`_stack`, `_message`) are dropped.
 */
import type { Exchange, Vars } from "./transcript.js"

/** One difference between the two answers to a step. */
export interface Difference {
  readonly step: string
  /** `status`, `headers.<name>`, or `body.<path>`. */
  readonly path: string
  readonly real: string
  readonly memory: string
}

const ID = /^([a-z]{2,5})_([A-Za-z0-9]{6,})$/
const ID_PREFIXES = new Set([
  "apik", "assm", "ast", "attr", "avl", "conv", "ctgy", "doc", "ent", "evt", "msg", "ord", "ordl", "ordm", "org",
  "role", "rtg", "sch", "task", "trn", "typ", "usr", "whk", "whl", "wfl", "wfw"
])
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/
const API_KEY = /^([A-Za-z0-9]{4,10})_(test|live)_([A-Za-z0-9]+)$/
const SECRET_FIELDS = new Set(["refreshToken", "resetToken", "token", "code", "signCode"])
/** Times (seconds since the epoch in decoded tokens, durations in milliseconds): compared by presence only. */
const EPOCH_FIELDS = new Set(["iat", "exp", "loggedAt", "processingTime"])
const ID_IN_TEXT = /\b([a-z]{2,5})_([A-Za-z0-9]{6,})\b/g
const GMT_DATE = /\b\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT\b/g
const DEBUG_FIELDS = new Set(["_stack", "_message"])

const isId = (value: unknown): value is string => {
  if (typeof value !== "string") return false
  const match = ID.exec(value)
  return match !== null && ID_PREFIXES.has(match[1]!)
}

/** The time span of one side's run: dates inside it are "now". */
export interface Window {
  readonly start: number
  readonly end: number
}

/** How ids map to names on each side. */
export class IdMap {
  private readonly real = new Map<string, string>()
  private readonly memory = new Map<string, string>()
  private counter = 0

  /** Names the ids saved under the same name on both sides. */
  static fromVars(real: Vars, memory: Vars): IdMap {
    const map = new IdMap()
    for (const [name, value] of Object.entries(real)) {
      const other = memory[name]
      if (isId(value) && isId(other)) map.pair(value, other, name)
    }
    return map
  }

  /** Does this side know the id (saved or paired)? */
  knows(side: "real" | "memory", id: unknown): boolean {
    return typeof id === "string" && (side === "real" ? this.real : this.memory).has(id)
  }

  private pair(real: string, memory: string, name: string): void {
    if (!this.real.has(real)) this.real.set(real, name)
    if (!this.memory.has(memory)) this.memory.set(memory, name)
  }

  /** The names of two ids met at the same place; pairs them when both are new. */
  match(real: string, memory: string): { readonly real: string; readonly memory: string } {
    let realName = this.real.get(real)
    let memoryName = this.memory.get(memory)
    if (realName === undefined && memoryName === undefined) {
      const name = `${real.split("_")[0]}#${++this.counter}`
      this.pair(real, memory, name)
      realName = memoryName = name
    }
    return { real: realName ?? `unpaired ${real}`, memory: memoryName ?? `unpaired ${memory}` }
  }

  /** The name of an id on one side, if known. */
  nameOf(side: "real" | "memory", id: string): string | undefined {
    return (side === "real" ? this.real : this.memory).get(id)
  }
}

const show = (value: unknown): string => {
  if (value === undefined) return "(absent)"
  const text = JSON.stringify(value)
  return text.length > 400 ? `${text.slice(0, 400)}...` : text
}

const decodeJwt = (token: string): Record<string, unknown> | undefined => {
  try {
    const claims = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8"))
    return typeof claims === "object" && claims !== null ? claims : undefined
  } catch {
    return undefined
  }
}

/** Access token claims with the times made relative: lifetime instead of `iat`/`exp`. */
const claimsShape = (claims: Record<string, unknown>): Record<string, unknown> => {
  const { iat, exp, loggedAt, ...rest } = claims
  return {
    ...rest,
    lifetime: typeof iat === "number" && typeof exp === "number" ? exp - iat : show(exp),
    loggedAt: typeof loggedAt === "number" ? "<time>" : loggedAt
  }
}

/** How a date compares: `<now>` inside the run, relative when within a day of the answer, else itself. */
const dateShape = (value: string, at: number, window: Window): string => {
  const time = Date.parse(value)
  if (time >= window.start && time <= window.end) return "<now>"
  const offset = Math.round((time - at) / 60_000)
  if (Math.abs(offset) < 24 * 60) return `<now${offset >= 0 ? "+" : ""}${offset}min>`
  return value
}

const secretShape = (field: string, value: string): string => {
  const key = API_KEY.exec(value)
  if (key) return `<${key[1]}_${key[2]}_ key of ${value.length} characters>`
  return `<${field} of ${value.length} characters>`
}

/** Compares two answers to the same step. */
export class Comparison {
  readonly differences: Array<Difference> = []

  constructor(
    readonly ids: IdMap,
    readonly windows: { readonly real: Window; readonly memory: Window },
    readonly keys: Readonly<Record<"real" | "memory", { readonly secret: string; readonly publishable: string }>>
  ) {}

  private report(step: string, path: string, real: unknown, memory: unknown, shown = false): void {
    this.differences.push({
      step,
      path,
      real: shown ? String(real) : show(real),
      memory: shown ? String(memory) : show(memory)
    })
  }

  private values(step: string, path: string, field: string, real: unknown, memory: unknown, at: { real: number; memory: number }): void {
    if (real === undefined && memory === undefined) return
    if (EPOCH_FIELDS.has(field) && typeof real === "number" && typeof memory === "number") return
    if (isId(real) && isId(memory)) {
      const names = this.ids.match(real, memory)
      if (names.real !== names.memory) this.report(step, path, names.real, names.memory, true)
      return
    }
    if (typeof real === "string" && typeof memory === "string") {
      if (JWT.test(real) && JWT.test(memory)) {
        const a = decodeJwt(real)
        const b = decodeJwt(memory)
        if (a && b) {
          this.values(step, `${path}<claims>`, field, claimsShape(a), claimsShape(b), at)
          return
        }
      }
      if (ISO.test(real) && ISO.test(memory)) {
        const a = dateShape(real, at.real, this.windows.real)
        const b = dateShape(memory, at.memory, this.windows.memory)
        if (a !== b) this.report(step, path, a, b, true)
        return
      }
      if (SECRET_FIELDS.has(field) || (field === "key" && API_KEY.test(real))) {
        const a = secretShape(field, real)
        const b = secretShape(field, memory)
        if (a !== b) this.report(step, path, a, b, true)
        return
      }
      const a = this.text("real", real)
      const b = this.text("memory", memory)
      if (a !== b) this.report(step, path, a, b)
      return
    }
    if (Array.isArray(real) && Array.isArray(memory)) {
      if (real.length !== memory.length) {
        this.report(step, `${path}.length`, real.length, memory.length)
        // still compare what both have, so the report shows which items differ
      }
      for (let i = 0; i < Math.min(real.length, memory.length); i++) {
        this.values(step, `${path}[${i}]`, field, real[i], memory[i], at)
      }
      return
    }
    if (isObject(real) && isObject(memory)) {
      // objects keyed by ids (a user's `organizations`) are compared by the ids' names
      const byName = (side: "real" | "memory", object: Record<string, unknown>) =>
        new Map(Object.entries(object).map(([key, value]) => [isId(key) ? this.ids.nameOf(side, key) ?? key : key, value]))
      const a = byName("real", real)
      const b = byName("memory", memory)
      const keys = new Set([...a.keys(), ...b.keys()])
      for (const key of [...keys].sort()) {
        if (DEBUG_FIELDS.has(key)) continue
        this.values(step, `${path}.${key}`, key, a.get(key), b.get(key), at)
      }
      return
    }
    if (real !== memory) this.report(step, path, real, memory)
  }

  /** A text with the ids it quotes named, dates in messages elided, and each side's API keys named. */
  private text(side: "real" | "memory", value: string): string {
    const keys = this.keys[side]
    return value
      .replace(ID_IN_TEXT, (id) => (isId(id) ? this.ids.nameOf(side, id) ?? id : id))
      .replace(GMT_DATE, "<date>")
      .split(keys.publishable).join("<publishable key>")
      .split(keys.secret).join("<secret key>")
  }

  /** Compares status, the headers clients read, and bodies. */
  exchanges(real: Exchange, memory: Exchange, bodies: { readonly real: unknown; readonly memory: unknown }): void {
    const step = real.step.name
    if (real.status !== memory.status) {
      // one side failed and the other did not: the bodies cannot be compared field by field
      this.report(step, "status", `${real.status} ${summary(bodies.real)}`, `${memory.status} ${summary(bodies.memory)}`, true)
      return
    }
    for (const name of COMPARED_HEADERS) {
      const a = headerShape(name, real.headers[name])
      const b = headerShape(name, memory.headers[name])
      if (a !== b) this.report(step, `headers.${name}`, a, b)
    }
    this.values(step, "body", "", bodies.real, bodies.memory, { real: real.at, memory: memory.at })
  }
}

/** A short description of an answer: its message, or its kind. */
const summary = (body: unknown): string => {
  if (isObject(body) && typeof body.message === "string") return JSON.stringify(body.message)
  if (Array.isArray(body)) return `(array of ${body.length})`
  if (isObject(body)) return `(object${typeof body.id === "string" ? ` ${body.id.split("_")[0]}_...` : ""})`
  return show(body)
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** Response headers the SDKs and browsers read. */
export const COMPARED_HEADERS = [
  "content-type",
  "cache-control",
  "x-stelace-version",
  "x-request-id",
  "www-authenticate",
  "location",
  "allow",
  "access-control-allow-credentials"
] as const

const headerShape = (name: string, value: string | undefined): string | undefined => {
  if (value === undefined) return undefined
  if (name === "x-request-id") return UUID.test(value) ? "<uuid v4>" : `<not a uuid v4: ${value}>`
  if (name === "location") return value.replace(/token=[^&]+/, "token=<token>")
  return value
}

/**
 * Keeps only this run's objects in a list answer (see `Step.ownObjectsOnly`); the counts of a
 * page then depend on what else the shared server holds, so they are left out.
 */
export const ownObjects = (body: unknown, keep: (id: unknown) => boolean): unknown => {
  if (Array.isArray(body)) return body.filter((item) => keep(isObject(item) ? item.id : undefined))
  if (isObject(body) && Array.isArray(body.results)) {
    const { nbResults: _nbResults, nbPages: _nbPages, ...rest } = body
    return { ...rest, results: body.results.filter((item) => keep(isObject(item) ? item.id : undefined)) }
  }
  return body
}
