/**
 * What the booking pages read, as the React bindings' query options. A booking and its messages
 * are refetched when the other party signals a change (`LiveUpdates`), and slowly while the
 * socket is down (`useFallbackInterval`).
 */
import { skipToken, useQuery } from "@tanstack/react-query"
import type { AvailabilityGraph, Transaction } from "stelace-effect"
import { type StelaceQueries, useSession, useStelaceQueries } from "stelace-effect/react"
import { results } from "../../lib/lists.js"
import { unavailablePeriods, upcoming } from "./availability.js"

/** One booking. */
export const bookingQuery = (api: StelaceQueries, id: string) => api.transactions.read.queryOptions(id)

const newestFirst = (a: Transaction, b: Transaction) => b.createdDate.localeCompare(a.createdDate)

/** The logged-in user's bookings (`taker`) or the requests for their listings (`owner`), newest first. */
export const useBookings = (role: "taker" | "owner") => {
  const api = useStelaceQueries()
  const { userId } = useSession()
  const filter = (user: string) => (role === "taker" ? { takerId: user } : { ownerId: user })
  return useQuery({
    ...api.transactions.list.queryOptions(userId ? { ...filter(userId), nbResultsPerPage: 100 } : skipToken),
    select: (page) => [...page.results].sort(newestFirst)
  })
}

/** A listing's availability graph (fresh on every visit: others book). */
export const useAvailabilityGraph = (assetId: string) => {
  const api = useStelaceQueries()
  return useQuery({ ...api.availabilities.getGraph.queryOptions({ assetId }), staleTime: 0 })
}

/** The periods a listing is fully booked or blocked, still to come. */
export const useBookedPeriods = (assetId: string) => {
  const api = useStelaceQueries()
  return useQuery({
    ...api.availabilities.getGraph.queryOptions({ assetId }),
    staleTime: 0,
    select: (graph: AvailabilityGraph) => upcoming(unavailablePeriods(graph))
  })
}

/** The ratings given for a booking. */
export const useBookingRatings = (transactionId: string) => {
  const api = useStelaceQueries()
  return useQuery({ ...api.ratings.list.queryOptions({ transactionId }), select: results })
}
