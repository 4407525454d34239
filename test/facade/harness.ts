/**
 * The differential harness: one scenario run against stelace@0.14.0 (the oracle) and against our
 * facade, on one recording server, and what each did reduced to comparable views (the requests on
 * the wire, the outcome of the call, the tokens left in the store).
 */
import { createRequire } from "node:module"
import { afterAll, beforeAll, beforeEach, expect, vi } from "vitest"
import { createInstance } from "../../src/index.js"
import { PUBLISHABLE_KEY } from "../support/jwt.js"
import type { RecordedRequest, Recorder, Reply } from "../support/recorder.js"
import { startRecorder } from "../support/recorder.js"

/** The two SDKs under comparison. */
export type Sdk = "upstream" | "ours"

/**
 * An instance of either SDK. Scenarios drive both with the same untyped calls, as a JavaScript
 * user of stelace.js would (misuse included).
 */
export type AnyInstance = any

/** stelace@0.14.0's Node bundle (axios 0.19 inside). */
export const upstream: { readonly createInstance: (config?: unknown) => AnyInstance } = createRequire(import.meta.url)(
  "stelace"
)

/** `createInstance` of each SDK. */
export const factories: Record<Sdk, (config?: unknown) => AnyInstance> = {
  upstream: upstream.createInstance,
  ours: createInstance as (config?: unknown) => AnyInstance
}

/**
 * 0.14.0 keeps the default store of every instance in one module-level memory storage: clearing
 * it through any default store clears it for all.
 */
export const clearUpstreamSessions = (): void => {
  upstream.createInstance({}).getTokenStore().removeTokens()
}

/** A recorder for the tests of one file, reset (and 0.14.0's shared session cleared) before each test. */
export const useRecorder = (): { readonly current: Recorder } => {
  const holder: { current: Recorder } = { current: undefined as unknown as Recorder }
  beforeAll(async () => {
    holder.current = await startRecorder()
  })
  afterAll(async () => {
    await holder.current.close()
  })
  beforeEach(() => {
    holder.current.reset()
    clearUpstreamSessions()
  })
  return holder
}

/** An instance of `sdk` pointed at `target` (`http://127.0.0.1:<port>`). */
export const instanceOn = (sdk: Sdk, target: Recorder, config: Record<string, unknown> = { apiKey: PUBLISHABLE_KEY }) => {
  const stelace = factories[sdk](config)
  stelace.setHost(target.host, target.port, "http")
  return stelace
}

/** Header names compared on the wire: authorization, user agent and every `x-stelace-*`. */
const comparedHeader = (name: string) => name === "authorization" || name === "user-agent" || name.startsWith("x-stelace-")

/** A request as compared: method, path, raw query, raw body and the compared headers. */
export interface Wire {
  readonly method: string
  readonly path: string
  readonly query: string
  readonly body: string
  readonly headers: Readonly<Record<string, string>>
}

export const wireOf = (request: RecordedRequest): Wire => ({
  method: request.method,
  path: request.path,
  query: request.query,
  body: request.body,
  headers: Object.fromEntries(Object.entries(request.headers).filter(([name]) => comparedHeader(name)).sort())
})

/** What a rejection is made of, as a stelace.js user can see it. */
export interface ErrorView {
  readonly message: unknown
  readonly statusCode: unknown
  readonly data: unknown
  readonly lastResponse: unknown
}

/** The outcome of a call: a value with its hidden decorations, or an error. */
export type Outcome =
  | {
    readonly status: "resolved"
    /** The value's own enumerable content (items for arrays). */
    readonly value: unknown
    readonly isArray: boolean
    readonly lastResponse: unknown
    readonly paginationMeta: unknown
  }
  | { readonly status: "rejected"; readonly error: ErrorView }

const decoration = (value: unknown, key: string): unknown =>
  value !== null && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined

/** The view of a resolved value. */
export const valueView = (value: unknown): Outcome => ({
  status: "resolved",
  value: Array.isArray(value) ? [...value] : value !== null && typeof value === "object" ? { ...value } : value,
  isArray: Array.isArray(value),
  lastResponse: decoration(value, "lastResponse"),
  paginationMeta: decoration(value, "paginationMeta")
})

/** The view of a rejection: message, statusCode, data and lastResponse. */
export const errorView = (error: unknown): ErrorView => ({
  message: decoration(error, "message"),
  statusCode: decoration(error, "statusCode"),
  data: decoration(error, "data"),
  lastResponse: decoration(error, "lastResponse")
})

/** The own enumerable fields of a rejection (0.14.0: the body's fields). */
export const fieldsOf = (error: unknown): Record<string, unknown> => ({ ...(error as object) })

/** Settles `promise` into an outcome. */
export const outcomeOf = (promise: unknown): Promise<Outcome> =>
  Promise.resolve(promise).then(valueView, (error: unknown) => ({ status: "rejected" as const, error: errorView(error) }))

/** A scripted answer; `x-request-id: req_<n>` (n: index of the request in the run) is added on 2xx. */
export type Script = (request: RecordedRequest, index: number) => Reply | Promise<Reply>

const withRequestIds = (script: Script): Script => async (request, index) => {
  const reply = await script(request, index)
  const status = reply.status ?? 200
  if (status < 200 || status >= 300 || reply.headers?.["x-request-id"] !== undefined) return reply
  return { ...reply, headers: { "x-request-id": `req_${index}`, ...reply.headers } }
}

/** A scenario: how to build the instance, what the server answers, and what the user does. */
export interface Scenario {
  /** `createInstance` config (default `{ apiKey: PUBLISHABLE_KEY }`), or a config per SDK. */
  readonly config?: Record<string, unknown> | ((sdk: Sdk) => Record<string, unknown>)
  /** Tokens put in the instance's token store before `run`. */
  readonly tokens?: Record<string, unknown>
  /** The server's answers (default: 200 `{}`). */
  readonly reply?: Script
  /** What the user does; the returned value (or promise) is the outcome compared. */
  readonly run: (stelace: AnyInstance, sdk: Sdk) => unknown
}

/** What one SDK did in a scenario. */
export interface Run {
  readonly wire: ReadonlyArray<Wire>
  readonly requests: ReadonlyArray<RecordedRequest>
  readonly aborted: ReadonlyArray<RecordedRequest>
  readonly outcome: Outcome
  /** The raw value or error the call settled with. */
  readonly settled: { readonly value?: unknown; readonly error?: unknown }
  /** The token store's content after the run. */
  readonly tokens: unknown
  readonly instance: AnyInstance
}

/** Runs `scenario` with one SDK on `target` (reset first). */
export const runOn = async (sdk: Sdk, target: Recorder, scenario: Scenario): Promise<Run> => {
  target.reset()
  if (sdk === "upstream") clearUpstreamSessions()
  target.respond(withRequestIds(scenario.reply ?? (() => ({ body: {} }))))
  const stelace = instanceOn(sdk, target, typeof scenario.config === "function" ? scenario.config(sdk) : scenario.config)
  if (scenario.tokens) stelace.getTokenStore().setTokens(scenario.tokens)
  const settled: { value?: unknown; error?: unknown } = {}
  const promise = Promise.resolve().then(() => scenario.run(stelace, sdk)).then(
    (value) => {
      settled.value = value
      return value
    },
    (error: unknown) => {
      settled.error = error
      throw error
    }
  )
  const outcome = await outcomeOf(promise)
  const run: Run = {
    wire: target.requests.map(wireOf),
    requests: [...target.requests],
    aborted: [...target.aborted],
    outcome,
    settled,
    tokens: stelace.getTokenStore()?.getTokens() ?? null,
    instance: stelace
  }
  if (sdk === "upstream") clearUpstreamSessions()
  return run
}

/** Runs `scenario` with stelace@0.14.0, then with our facade, on the same recorder. */
export const runBoth = async (target: Recorder, scenario: Scenario): Promise<Record<Sdk, Run>> => ({
  upstream: await runOn("upstream", target, scenario),
  ours: await runOn("ours", target, scenario)
})

/** Both SDKs sent the same requests, settled the same way and left the same tokens. */
export const expectSame = (runs: Record<Sdk, Run>): void => {
  expect(runs.ours.wire).toStrictEqual(runs.upstream.wire)
  expect(runs.ours.outcome).toStrictEqual(runs.upstream.outcome)
  expect(runs.ours.tokens).toStrictEqual(runs.upstream.tokens)
}

/**
 * Both SDKs sent the same requests and rejected with the same server error, except that ours is an
 * `Error` (a `ServerError`) where 0.14.0 rejected with a plain object: better than 0.14.0, which
 * gave no stack and failed `instanceof Error` checks.
 */
export const expectSameServerError = (runs: Record<Sdk, Run>): void => {
  expect(runs.ours.wire).toStrictEqual(runs.upstream.wire)
  expect(runs.ours.outcome).toStrictEqual(runs.upstream.outcome)
  expect(runs.ours.outcome.status).toBe("rejected")
  const theirs = runs.upstream.settled.error
  const ours = runs.ours.settled.error
  expect(fieldsOf(ours)).toStrictEqual(fieldsOf(theirs))
  expect(Object.getOwnPropertyDescriptor(ours, "lastResponse")?.enumerable).toBe(false)
  expect(Object.getOwnPropertyDescriptor(theirs, "lastResponse")?.enumerable).toBe(false)
  expect(ours).toBeInstanceOf(Error)
  expect((ours as Error).name).toBe("ServerError")
  expect(theirs).not.toBeInstanceOf(Error)
  expect(Object.getPrototypeOf(theirs)).toBe(Object.prototype)
}

/** Both SDKs rejected with the same message, with nothing on the wire. */
export const expectSameRejection = (runs: Record<Sdk, Run>, message: string | RegExp): void => {
  expect(runs.ours.wire).toStrictEqual(runs.upstream.wire)
  expect(runs.ours.outcome).toStrictEqual(runs.upstream.outcome)
  expect(runs.ours.outcome).toMatchObject({ status: "rejected", error: { message } })
  expect(runs.ours.settled.error).toBeInstanceOf(Error)
}

/** Captures the warnings `process.emitWarning` receives while `f` runs (and until it settles). */
export const captureWarnings = async <A>(f: () => Promise<A>): Promise<{ result: A; warnings: Array<Array<unknown>> }> => {
  const spy = vi.spyOn(process, "emitWarning").mockImplementation(() => undefined)
  try {
    const result = await f()
    return { result, warnings: spy.mock.calls.map((call) => [...call]) }
  } finally {
    spy.mockRestore()
  }
}

/** Waits for the macrotasks queued so far (callbacks delivered through `setTimeout(0)`). */
export const tick = (ms = 5) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** A custom token store of either SDK's accepted shape, readable by the test. */
export const memoryStore = (initial: Record<string, unknown> | null = null) => {
  let current: Record<string, unknown> | null = initial
  const calls: Array<string> = []
  return {
    calls,
    current: () => current,
    store: {
      getTokens: () => {
        calls.push("getTokens")
        return current
      },
      setTokens: (tokens: Record<string, unknown>) => {
        calls.push("setTokens")
        current = tokens
      },
      removeTokens: () => {
        calls.push("removeTokens")
        current = null
      }
    }
  }
}

/** A page-based list body. */
export const offsetList = (results: Array<unknown>, meta: Partial<Record<string, number>> = {}) => ({
  results,
  nbResults: results.length,
  nbPages: 1,
  page: 1,
  nbResultsPerPage: 20,
  ...meta
})

/** A cursor-based list body. */
export const cursorList = (
  results: Array<unknown>,
  meta: { hasPreviousPage?: boolean; hasNextPage?: boolean; startCursor?: string; endCursor?: string } = {}
) => ({
  results,
  hasPreviousPage: false,
  hasNextPage: false,
  startCursor: "c_start",
  endCursor: "c_end",
  nbResultsPerPage: 20,
  ...meta
})
