/**
 * Running a scripted series of requests against one server (the real one or the in-memory
 * backend) and recording what it answered.
 *
 * A step names its request with templates: `{{name}}` in the path, query, body or headers is
 * replaced by a value saved by an earlier step on the same server (ids differ between servers, so
 * each server fills in its own). Steps run as an actor: `secret` (the secret key, the default),
 * `public` (the publishable key alone), `none` (no key at all), or a user session opened by a
 * login step (`session: "alice"`), sent as stelace.js does: `Stelace-V1 apiKey=<pubk>, token=<jwt>`.
 */

/** The API version every step sends unless it says otherwise: the only one of 1.0.0-beta.8. */
export const DEFAULT_VERSION = "2019-05-20"

/** The user agent of every step (refresh tokens are bound to it). */
export const USER_AGENT = "stelace-effect-differential"

/** Saved values of one server: ids, tokens, whole objects. */
export type Vars = Record<string, unknown>

/** One scripted request. */
export interface Step {
  /** Unique name, used in reports and in the list of deliberate differences. */
  readonly name: string
  /** `secret` (default), `public`, `none`, or the name of a session opened by a login step. */
  readonly as?: string
  readonly method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE"
  /** Path with `{{name}}` templates, e.g. `/assets/{{kayak}}`. */
  readonly path: string
  /** Query parameters (templates allowed), or a function of the saved values. */
  readonly query?: Record<string, unknown> | ((vars: Vars) => Record<string, unknown>)
  /** JSON body (templates allowed). */
  readonly body?: unknown
  /** Raw body text, sent as is (for malformed JSON). */
  readonly rawBody?: string
  readonly headers?: Record<string, string>
  /** `x-stelace-version`; `null` sends none. */
  readonly version?: string | null
  /** Values to save from the response body: `{ kayak: "id" }`, `{ line: "lines.0.id" }`. */
  readonly save?: Record<string, string>
  /** Saves the response body of a login (or token grant) as a session usable with `as`. */
  readonly session?: string
  /**
   * Keeps, in list answers, only the objects whose ids this run saved: the real server is shared
   * and keeps what earlier runs created, and some lists (plain arrays) cannot be filtered.
   */
  readonly ownObjectsOnly?: boolean
  /**
   * The part of the answer to compare, when the rest depends on what else uses the shared real
   * server (the platform's configuration). Applied to both answers.
   */
  readonly select?: (body: any) => unknown
  /**
   * The answer depends on asynchronous work (events): the real server is asked again, at most
   * for `settle.timeoutMs`, until its list has as many results as the in-memory backend's.
   */
  readonly settle?: { readonly timeoutMs: number }
}

/** What a server answered to a step. */
export interface Exchange {
  readonly step: Step
  readonly request: { readonly method: string; readonly url: string; readonly headers: Record<string, string>; readonly body?: string }
  readonly status: number
  readonly headers: Record<string, string>
  readonly body: unknown
  /** When the answer arrived (ms since the epoch): dates in bodies are compared relative to it. */
  readonly at: number
}

/** A server to run steps against. */
export interface Target {
  readonly name: "real" | "memory"
  readonly url: string
  readonly secretApiKey: string
  readonly publishableApiKey: string
}

const TEMPLATE = /\{\{([^{}]+)\}\}/g

/**
 * A saved value: `name`, `name.path` (a field of a saved object, e.g. `session:alice.refreshToken`),
 * or `authorization:alice` (the Authorization header of a session, as the SDKs send it).
 */
const lookup = (vars: Vars, name: string): unknown => {
  if (name in vars) return vars[name]
  const authorization = /^authorization:(.+)$/.exec(name)
  if (authorization) {
    const session = lookup(vars, `session:${authorization[1]}`) as { accessToken: string }
    return `Stelace-V1 apiKey=${String(vars.publishableKey)}, token=${session.accessToken}`
  }
  const dot = name.indexOf(".")
  if (dot > 0 && name.slice(0, dot) in vars) return pick(vars[name.slice(0, dot)], name.slice(dot + 1))
  throw new Error(`Template {{${name}}}: nothing saved under that name`)
}

/**
 * Replaces `{{name}}` templates, in values and in object keys; a string that is exactly one
 * template takes the saved value as is.
 */
export const fill = (value: unknown, vars: Vars): unknown => {
  if (typeof value === "string") {
    const whole = /^\{\{([^{}]+)\}\}$/.exec(value)
    if (whole) return lookup(vars, whole[1]!)
    return value.replace(TEMPLATE, (_match, name: string) => String(lookup(vars, name)))
  }
  if (Array.isArray(value)) return value.map((item) => fill(item, vars))
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [String(fill(key, vars)), fill(item, vars)]))
  }
  return value
}

/**
 * Reads `a.b.0.c` from a value; a segment `[field=value]` picks the array item whose field has
 * that value (`[value=dev].id`).
 */
export const pick = (value: unknown, path: string): unknown =>
  path === "" ? value : path.split(".").reduce<unknown>((current, key) => {
    if (current === null || typeof current !== "object") return undefined
    const find = /^\[(\w+)=(.*)\]$/.exec(key)
    if (find) {
      const items = Array.isArray(current) ? current : (current as { results?: unknown }).results
      return Array.isArray(items) ? items.find((item) => String(item?.[find[1]!]) === find[2]) : undefined
    }
    return (current as Record<string, unknown>)[key]
  }, value)

const appendQuery = (params: URLSearchParams, key: string, value: unknown): void => {
  if (value === undefined || value === null) return
  if (Array.isArray(value)) for (const item of value) params.append(`${key}[]`, String(item))
  else if (typeof value === "object") {
    for (const [sub, item] of Object.entries(value)) appendQuery(params, `${key}[${sub}]`, item)
  } else params.append(key, String(value))
}

/** Runs one step against a server; `vars` and `sessions` are that server's saved values. */
export const send = async (target: Target, step: Step, vars: Vars): Promise<Exchange> => {
  const query = typeof step.query === "function" ? step.query(vars) : fill(step.query ?? {}, vars) as Record<string, unknown>
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) appendQuery(params, key, value)
  const search = params.toString()
  const path = fill(step.path, vars) as string
  const url = `${target.url}${path}${search === "" ? "" : `?${search}`}`

  const headers: Record<string, string> = { "user-agent": USER_AGENT }
  const actor = step.as ?? "secret"
  if (actor === "secret") headers.authorization = `Basic ${btoa(`${target.secretApiKey}:`)}`
  else if (actor === "public") headers.authorization = `Basic ${btoa(`${target.publishableApiKey}:`)}`
  else if (actor !== "none") {
    const session = lookup(vars, `session:${actor}`) as { accessToken: string }
    headers.authorization = `Stelace-V1 apiKey=${target.publishableApiKey}, token=${session.accessToken}`
  }
  const version = step.version === undefined ? DEFAULT_VERSION : step.version
  if (version !== null) headers["x-stelace-version"] = version
  for (const [name, value] of Object.entries(step.headers ?? {})) headers[name.toLowerCase()] = fill(value, vars) as string
  let body: string | undefined
  if (step.rawBody !== undefined) body = step.rawBody
  else if (step.body !== undefined) body = JSON.stringify(fill(step.body, vars))
  if (body !== undefined) headers["content-type"] = "application/json"

  const response = await fetch(url, { method: step.method, headers, redirect: "manual", ...(body === undefined ? {} : { body }) })
  const text = await response.text()
  let parsed: unknown = text === "" ? undefined : text
  if ((response.headers.get("content-type") ?? "").includes("json") && text !== "") {
    try {
      parsed = JSON.parse(text)
    } catch {
      // kept as text: a difference the comparison reports
    }
  }
  const responseHeaders: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    responseHeaders[name] = value
  })
  return {
    step,
    request: { method: step.method, url, headers, ...(body === undefined ? {} : { body }) },
    status: response.status,
    headers: responseHeaders,
    body: parsed,
    at: Date.now()
  }
}

/** Saves what a step asks to save from its answer. */
export const remember = (exchange: Exchange, vars: Vars): void => {
  const { step, status, body } = exchange
  if (status >= 300) return
  for (const [name, path] of Object.entries(step.save ?? {})) {
    const value = pick(body, path)
    if (value !== undefined) vars[name] = value
  }
  if (step.session !== undefined) vars[`session:${step.session}`] = body
}

/** The number of results of a list answer (page or plain array), for settling. */
export const resultCount = (body: unknown): number | undefined => {
  if (Array.isArray(body)) return body.length
  const results = pick(body, "results")
  return Array.isArray(results) ? results.length : undefined
}
