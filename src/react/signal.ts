"use client"
/**
 * Real-time signals in React: `useSignal(handler)` runs a handler on the signals of the user's
 * channel (and named ones), `useInvalidateOnSignal(queryClient, targets)` invalidates the queries a
 * signal points at, and `<SignalStatus />` shows whether updates are live.
 *
 * Signals carry no proof of origin: anyone with the publishable key can signal any channel. So
 * the helper only ever invalidates (the queries refetch from the API, which checks permissions);
 * it never writes a signal's message into the cache.
 *
 * @since 0.1.0
 */
import type { ReactNode } from "react"
import { createElement, useEffect, useRef, useState } from "react"
import type { InvalidArgument, SignalError } from "../Errors.js"
import type { ConnectionState } from "../signal/client.js"
import type { Signal, WebSocketConstructor } from "../signal/connection.js"
import { subscribe } from "../signal/subscribe.js"
import { useStelaceContext } from "./StelaceProvider.js"

/** Options of {@link useSignal}. */
export interface UseSignalOptions {
  /** Only signals of these events (all by default). */
  readonly event?: string | ReadonlyArray<string> | undefined
  /** Channels besides the user's own. */
  readonly channels?: ReadonlyArray<string> | undefined
  /** `false` subscribes to nothing (default `true`). */
  readonly enabled?: boolean | undefined
  /** The WebSocket constructor, where there is no global one (Node 20: `ws`'s). */
  readonly WebSocket?: WebSocketConstructor | undefined
  /**
   * Called each time the connection is live again after it was lost (not on the first connection,
   * nor when it authenticates again after a login, logout or token refresh). Signals sent
   * meanwhile never arrive: refetch what they could have changed here.
   */
  readonly onReconnect?: (() => void) | undefined
  /**
   * Called each time the connection goes live: the first time, after authenticating again (a
   * login, logout or new channels) and after a reconnection (before `onReconnect`).
   */
  readonly onLive?: (() => void) | undefined
}

/** What {@link useSignal} returns: the connection's state, and the error that ended it, if any. */
export interface SignalStatusValue {
  readonly state: ConnectionState
  /** The refusal that ended the connection, or the passing one it keeps trying through (a full platform). */
  readonly error: SignalError | InvalidArgument | undefined
}

const matches = (event: UseSignalOptions["event"], signal: Signal) =>
  event === undefined || (typeof event === "string" ? signal.event === event : event.includes(signal.event))

/**
 * Runs `handler` on every signal of the user's channel (while logged in) plus `options.channels`,
 * filtered by `options.event`, while the component is mounted. All hooks of a client share one
 * connection. The handler may change on every render; the subscription stays.
 *
 * @example
 * ```tsx
 * useSignal((signal) => console.log(signal.event), { event: "messageSent" })
 * ```
 */
export function useSignal(handler: (signal: Signal) => void, options: UseSignalOptions = {}): SignalStatusValue {
  const { runtime } = useStelaceContext("useSignal")
  const latest = useRef(handler)
  latest.current = handler
  const event = useRef(options.event)
  event.current = options.event
  const reconnected = useRef(options.onReconnect)
  reconnected.current = options.onReconnect
  const wentLive = useRef(options.onLive)
  wentLive.current = options.onLive
  const [status, setStatus] = useState<SignalStatusValue>({ state: "idle", error: undefined })
  const channels = (options.channels ?? []).join("\u0000")
  const enabled = options.enabled !== false
  const WebSocket = options.WebSocket
  useEffect(() => {
    if (!enabled) return
    setStatus({ state: "connecting", error: undefined })
    return subscribe(runtime, (signal) => {
      if (matches(event.current, signal)) latest.current(signal)
    }, {
      channels: channels === "" ? [] : channels.split("\u0000"),
      WebSocket,
      onState: (state) => {
        // live again: a passing refusal is over
        setStatus((previous) => previous.state === state ? previous : { state, error: state === "live" ? undefined : previous.error })
        if (state === "live") wentLive.current?.()
      },
      onReconnect: () => reconnected.current?.(),
      onError: (error) => setStatus((previous) => ({ state: error._tag === "SignalError" && error.reason._tag === "TooManyClients" ? previous.state : "idle", error }))
    })
  }, [runtime, channels, enabled, WebSocket])
  return status
}

/** The part of a TanStack `QueryClient` the helper uses. */
export interface QueryInvalidator {
  invalidateQueries(filters: { readonly predicate: (query: { readonly queryKey: ReadonlyArray<unknown> }) => boolean }): unknown
}

/**
 * What a signal should refresh: families (`"messages"`) or key prefixes after the identity
 * (`["transactions", "read", id]`), as the keys of `useStelaceQueries()` are built.
 */
export type InvalidationTargets = ReadonlyArray<string | ReadonlyArray<unknown>>

const startsWith = (key: ReadonlyArray<unknown>, prefix: ReadonlyArray<unknown>) =>
  key[0] === "stelace" && prefix.every((part, index) => JSON.stringify(key[index + 2]) === JSON.stringify(part))

/** Options of {@link useInvalidateOnSignal}. */
export interface InvalidateOnSignalOptions extends UseSignalOptions {
  /**
   * What to refetch each time the connection goes live other than by reconnecting: when it first
   * connects, and each time it authenticates again (a login, a logout, a new channel). What these
   * queries hold was read before the socket listened, and a signal sent in between never arrives.
   * Name the families your signals refresh, so that only those are read twice. None by default.
   * (A reconnection is `onReconnect`'s, which refetches every Stelace query unless told otherwise.)
   */
  readonly catchUp?: InvalidationTargets | undefined
}

const invalidate = (queryClient: QueryInvalidator, targets: InvalidationTargets) => {
  const prefixes = targets.map((target) => typeof target === "string" ? [target] : target)
  if (prefixes.length === 0) return
  void queryClient.invalidateQueries({ predicate: (query) => prefixes.some((prefix) => startsWith(query.queryKey, prefix)) })
}

/**
 * Invalidates the Stelace queries `targets(signal)` names whenever a signal arrives: they refetch
 * if in use. The signal's message only chooses what to refetch; nothing of it enters the cache.
 * When the connection comes back after it was lost, the signals sent meanwhile never arrive: it
 * then invalidates every Stelace query (those in use refetch), unless `options.onReconnect` says
 * what to do instead. Signals sent before the first connection went live are caught up with
 * `options.catchUp`.
 *
 * @example
 * ```tsx
 * useInvalidateOnSignal(queryClient, (signal) =>
 *   signal.event === "messageSent" ? ["messages"] : [], { catchUp: ["messages"] })
 * ```
 */
export function useInvalidateOnSignal(
  queryClient: QueryInvalidator,
  targets: (signal: Signal) => InvalidationTargets | undefined,
  options: InvalidateOnSignalOptions = {}
): SignalStatusValue {
  const { catchUp, ...signalOptions } = options
  // a reconnection is announced right after its "live", in the same turn: the catch-up waits for
  // the end of that turn, and leaves a reconnection to `onReconnect`
  const reconnected = useRef(false)
  return useSignal((signal) => invalidate(queryClient, targets(signal) ?? []), {
    ...signalOptions,
    onLive: () => {
      options.onLive?.()
      queueMicrotask(() => {
        if (!reconnected.current) invalidate(queryClient, catchUp ?? [])
        reconnected.current = false
      })
    },
    onReconnect: () => {
      reconnected.current = true
      if (options.onReconnect) options.onReconnect()
      else void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === "stelace" })
    }
  })
}

/** Props of {@link SignalStatus}. */
export interface SignalStatusProps extends UseSignalOptions {
  /** Text per state; defaults: "Live", "Connecting…", "Reconnecting…", "Offline". */
  readonly labels?: Partial<Record<ConnectionState, string>> | undefined
  readonly className?: string | undefined
}

const defaultLabels: Record<ConnectionState, string> = {
  idle: "Offline",
  connecting: "Connecting…",
  live: "Live",
  reconnecting: "Reconnecting…"
}

/**
 * A small live region saying whether real-time updates are live (`data-state` for styling):
 * screen readers hear the change, politely.
 */
export function SignalStatus({ labels, className, ...options }: SignalStatusProps): ReactNode {
  const { state } = useSignal(() => {}, options)
  return createElement("span", { role: "status", "aria-live": "polite", "data-state": state, className }, {
    ...defaultLabels,
    ...labels
  }[state])
}
