/**
 * Live updates without polling. After a change, the app signals the other party's channel
 * (`messageSent`, `bookingChanged`); on a signal, it invalidates the queries that may have changed,
 * which refetch from the API. A signal is only a hint: its message picks nothing but what to
 * refetch. While the socket is down, booking pages fall back to a slow refetch.
 */
import { useLingui } from "@lingui/react"
import { useQueryClient } from "@tanstack/react-query"
import { useCallback } from "react"
import { SignalStatus, useInvalidateOnSignal, useSignal, useStelace } from "stelace-effect/react"

export const MESSAGE_SENT = "messageSent"
export const BOOKING_CHANGED = "bookingChanged"

/** Keeps the user's queries fresh on signals; mounted once, in the app's frame. */
export const LiveUpdates = () => {
  useInvalidateOnSignal(useQueryClient(), (signal) =>
    signal.event === MESSAGE_SENT ? ["messages"] : signal.event === BOOKING_CHANGED ? ["transactions"] : [],
  // what a page read before the socket listened (on arrival, after a login) is read once more
  { catchUp: ["messages", "transactions"] })
  return null
}

/** Tells `userId`'s open pages that something changed; nobody listening (404) is not an error. */
export const useNotify = () => {
  const stelace = useStelace()
  return useCallback((userId: string | null | undefined, event: string, topicId: string) => {
    if (userId) stelace.signal.send({ destination: userId, event, message: { topicId } }).catch(() => {})
  }, [stelace])
}

/**
 * How often a page refetches on its own: never while the socket is live, every 15 s otherwise
 * (shorter than the e2e idle window of 20 s, so that a page wrongly polling while live fails it).
 */
export const useFallbackInterval = (): number | false => {
  const { state } = useSignal(() => {})
  return state === "live" ? false : 15_000
}

/** The connection state, small, in the header. */
export const LiveStatus = () => {
  const { i18n } = useLingui()
  return (
    <SignalStatus
      className="live-status"
      labels={{
        live: i18n._("layout.live"),
        connecting: i18n._("layout.connecting"),
        reconnecting: i18n._("layout.reconnecting"),
        idle: i18n._("layout.offline")
      }}
    />
  )
}
