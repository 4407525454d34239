/**
 * The invariants every fault test checks, as reusable checks:
 *
 * 1. a typed error: a failure is an instance of one of the SDK's error classes (Effect: in the
 *    failure channel, never a defect; facade: the rejection);
 * 2. no unhandled rejection while the test runs;
 * 3. no socket left open (see `expectNoSocketLeftOpen` for what that means with keep-alive);
 * 4. no request to another host: a second recorder standing for "another host" sees nothing, and
 *    every request the API host gets names it in its `host` header;
 * 5. no credential (API key, access token, refresh token) in `String(error)`, `util.inspect(error,
 *    { depth: 10 })`, `JSON.stringify(error)`, the `cause` chain, nor anything logged.
 */
import * as util from "node:util"
import * as Cause from "effect/Cause"
import * as Exit from "effect/Exit"
import { afterEach, beforeEach, expect, vi } from "vitest"
import {
  DecodeError,
  HookError,
  InvalidArgument,
  MalformedResponse,
  NetworkError,
  RequestAborted,
  ServerError,
  SessionExpired
} from "../../src/index.js"
import type { Recorder } from "./recorder.js"

/** Every error class a Stelace call may fail or reject with. */
export const typedErrors = [
  ServerError,
  NetworkError,
  SessionExpired,
  HookError,
  InvalidArgument,
  MalformedResponse,
  RequestAborted,
  DecodeError
] as const

/** Whether `u` is one of the SDK's typed errors. */
export const isTypedError = (u: unknown): boolean => typedErrors.some((type) => u instanceof type)

/** (1) `error` is one of the SDK's typed errors; names what it is otherwise. */
export const expectTypedError = (error: unknown): void => {
  if (!isTypedError(error)) {
    expect.fail(`expected one of the SDK's typed errors, got: ${describeValue(error)}`)
  }
}

/**
 * (1) for Effect: the exit is a success, or a failure whose only reason is a typed error in the
 * failure channel (no defect, no interruption). Returns the error, if any.
 */
export const typedFailureOf = (exit: Exit.Exit<unknown, unknown>): unknown => {
  if (Exit.isSuccess(exit)) return undefined
  const reasons = exit.cause.reasons
  const failures = reasons.filter(Cause.isFailReason)
  if (failures.length !== reasons.length || failures.length === 0) {
    const what = reasons.map((reason) =>
      Cause.isDieReason(reason) ? `a defect: ${describeValue(reason.defect).split("\n")[0]}` : Cause.isFailReason(reason) ? `a failure: ${describeValue(reason.error).split("\n")[0]}` : "an interruption"
    )
    expect.fail(`expected a typed failure, got ${what.join(", ")}`)
  }
  const error = failures[0].error
  expectTypedError(error)
  return error
}

const describeValue = (u: unknown): string => {
  try {
    return util.inspect(u, { depth: 2 })
  } catch {
    return typeof u
  }
}

/** The credentials a test uses, in every form they could be printed: as they are and as Basic auth. */
export const credentialForms = (credentials: ReadonlyArray<string>): Array<string> =>
  credentials.flatMap((credential) => [credential, Buffer.from(`${credential}:`).toString("base64")])

const safeJson = (u: unknown): string => {
  const seen = new WeakSet<object>()
  try {
    return JSON.stringify(u, (_key, value: unknown) => {
      if (typeof value === "bigint") return `${value}n`
      if (value !== null && typeof value === "object") {
        if (seen.has(value)) return "[cycle]"
        seen.add(value)
      }
      return value
    }) ?? ""
  } catch (error) {
    return `JSON.stringify threw: ${String(error)}`
  }
}

const attempt = (f: () => string): string => {
  try {
    return f()
  } catch (error) {
    return `threw: ${describeValue(error)}`
  }
}

/** Every way an error may be printed: String, util.inspect (depth 10), JSON, and the same for each cause. */
export const printedForms = (error: unknown): Array<string> => {
  const forms: Array<string> = []
  const seen = new Set<unknown>()
  const visit = (value: unknown, depth: number) => {
    if (depth > 8 || seen.has(value)) return
    seen.add(value)
    forms.push(attempt(() => String(value)))
    forms.push(attempt(() => util.inspect(value, { depth: 10 })))
    forms.push(safeJson(value))
    if (value instanceof Error) {
      forms.push(attempt(() => value.message), attempt(() => String(value.stack)))
    }
    if (value !== null && typeof value === "object") {
      const { cause, errors } = value as { cause?: unknown; errors?: unknown }
      if (cause !== undefined) visit(cause, depth + 1)
      if (Array.isArray(errors)) for (const inner of errors) visit(inner, depth + 1)
    }
  }
  visit(error, 0)
  return forms
}

/** (5) No credential in any printed form of `value` (an error, a cause, a log line). */
export const expectNoCredential = (value: unknown, credentials: ReadonlyArray<string>): void => {
  const forms = typeof value === "string" ? [value] : printedForms(value)
  for (const secret of credentialForms(credentials)) {
    for (const form of forms) {
      if (form.includes(secret)) expect.fail(`a credential (${secret.slice(0, 12)}...) appears in: ${form.slice(0, 600)}`)
    }
  }
}

/** (5) for Effect: no credential in the exit's cause, printed whole (defects included). */
export const expectNoCredentialInExit = (exit: Exit.Exit<unknown, unknown>, credentials: ReadonlyArray<string>): void => {
  if (Exit.isSuccess(exit)) return
  expectNoCredential(util.inspect(exit.cause, { depth: 10 }), credentials)
  for (const reason of exit.cause.reasons) {
    if (Cause.isFailReason(reason)) expectNoCredential(reason.error, credentials)
    else if (Cause.isDieReason(reason)) expectNoCredential(reason.defect, credentials)
  }
}

/** A watch on what a test leaks: unhandled rejections and anything logged. */
export interface Watch {
  readonly unhandled: Array<unknown>
  readonly logged: Array<string>
  /** (2) and (5): waits for pending rejections to surface, then checks, and stops watching. */
  readonly check: (credentials: ReadonlyArray<string>) => Promise<void>
  /** Stops watching without checking. */
  readonly stop: () => void
}

const consoleMethods = ["log", "info", "warn", "error", "debug", "trace"] as const

/**
 * Starts watching: collects `unhandledRejection`s of the process and whatever goes to the console
 * or to `process.emitWarning` (silenced while watched).
 */
export const watch = (): Watch => {
  const unhandled: Array<unknown> = []
  const logged: Array<string> = []
  const onRejection = (reason: unknown) => {
    unhandled.push(reason)
  }
  process.on("unhandledRejection", onRejection)
  const spies = [
    ...consoleMethods.map((method) =>
      vi.spyOn(console, method).mockImplementation((...args: Array<unknown>) => {
        logged.push(util.format(...args))
      })
    ),
    vi.spyOn(process, "emitWarning").mockImplementation((warning: unknown, ...rest: Array<unknown>) => {
      logged.push(util.format(warning, ...rest))
    })
  ]
  let stopped = false
  const stop = () => {
    if (stopped) return
    stopped = true
    process.off("unhandledRejection", onRejection)
    for (const spy of spies) spy.mockRestore()
  }
  return {
    unhandled,
    logged,
    stop,
    check: async (credentials) => {
      // an unhandled rejection is reported once the microtasks run out: let a macrotask pass
      await new Promise((resolve) => setTimeout(resolve, 10))
      stop()
      expect(unhandled.map(describeValue)).toStrictEqual([])
      for (const line of logged) expectNoCredential(line, credentials)
    }
  }
}

/**
 * (2) and (5) for every test of a file: watches each test for unhandled rejections and logged
 * credentials, and checks when it ends.
 */
export const watchEachTest = (credentials: ReadonlyArray<string>): void => {
  let current: Watch | undefined
  beforeEach(() => {
    current = watch()
  })
  afterEach(async () => {
    const ending = current
    current = undefined
    await ending?.check(credentials)
  })
}

/**
 * Waits until `predicate` holds, polling every 10 ms, for at most `within` ms of real time; tells
 * whether it held. Sockets close on their own schedule: this lets the event happen and measures
 * nothing (no test asserts on how long it took).
 */
export const eventually = async (predicate: () => boolean, within = 3000): Promise<boolean> => {
  const deadline = Date.now() + within
  while (!predicate()) {
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  return true
}

/** TCP sockets this process holds (client and server ends alike). */
export const openTcpSockets = (): number => process.getActiveResourcesInfo().filter((name) => name === "TCPSocketWrap").length

/**
 * (3) No socket left open. With keep-alive, a connection outliving its call is expected, so "left
 * open" is defined as follows, once every call has settled:
 *
 * - no connection to the API host is busy: each request the client sent was either answered in
 *   full or its connection was closed. A client that gives up on a request (timeout, interruption,
 *   a drop, a retry) must destroy that socket, not leave it waiting for an answer nobody reads;
 * - every connection still open is idle: a keep-alive connection between two requests, or one
 *   that never carried a request (fetch's pool opens one after an abort). Once the server closes
 *   its idle connections, the process holds no more TCP sockets than `baseline` (taken before the
 *   calls), so neither node's agent nor fetch's pool keeps a socket the server is done with.
 */
export const expectNoSocketLeftOpen = async (servers: ReadonlyArray<Recorder>, baseline: number): Promise<void> => {
  const busy = () => servers.reduce((n, server) => n + server.connections().busy, 0)
  await eventually(() => busy() === 0)
  expect(busy(), "connections still carrying a request after every call settled").toBe(0)
  for (const server of servers) server.closeIdle()
  await eventually(() => servers.every((server) => server.connections().open === 0) && openTcpSockets() <= baseline)
  expect(servers.map((server) => server.connections().open), "connections the server could not close as idle").toStrictEqual(
    servers.map(() => 0)
  )
  expect(openTcpSockets(), "TCP sockets the process still holds").toBeLessThanOrEqual(baseline)
}

/**
 * (4) No request to another host: `other` saw nothing, and every request `api` got was addressed
 * to it (its `host` header).
 */
export const expectOnlyApiHost = (api: Recorder, other: Recorder): void => {
  expect(other.requests.map((request) => `${request.method} ${request.url}`), "requests to another host").toStrictEqual([])
  const elsewhere = api.requests.filter((request) => request.headers.host !== `${api.host}:${api.port}`)
  expect(elsewhere.map((request) => request.headers.host), "requests naming another host").toStrictEqual([])
}
