/**
 * What pages read about listings, as the React bindings' query options (`useStelaceQueries()`),
 * whose keys carry who is asking. The options a page shows first are exported as such, for the
 * routes' loaders to start with the page's code (the same keys, so neither waits for the other).
 */
import { skipToken, useQuery } from "@tanstack/react-query"
import type { Asset, Transaction } from "stelace-effect"
import { type ListPage, type StelaceQueries, useSession, useStelaceQueries } from "stelace-effect/react"
import { results } from "../../lib/lists.js"
import { placesOf } from "./places.js"

/** Every category. */
export const categoriesQuery = (api: StelaceQueries) => ({ ...api.categories.list.queryOptions({ nbResultsPerPage: 100 }), staleTime: Infinity })

/** Every asset type (whether listings are rented by the day). */
export const assetTypesQuery = (api: StelaceQueries) => ({ ...api.assetTypes.list.queryOptions({ nbResultsPerPage: 100 }), staleTime: Infinity })

/** The six active listings published last. */
export const recentListingsQuery = (api: StelaceQueries) =>
  api.assets.list.queryOptions({ orderBy: "createdDate", order: "desc", active: true, nbResultsPerPage: 6 })

/** One listing. */
export const listingQuery = (api: StelaceQueries, id: string) => api.assets.read.queryOptions(id)

/** A member's listings: every one of them for their owner, the active ones for others. */
export const memberListingsQuery = (api: StelaceQueries, userId: string, { activeOnly }: { activeOnly: boolean }) =>
  api.assets.list.queryOptions({ ownerId: userId, orderBy: "createdDate", order: "desc", nbResultsPerPage: 100, ...(activeOnly ? { active: true } : {}) })

/**
 * The active listings published last (up to 100): the places they use feed the search's "Near"
 * and the forms' "City", their number attributes the search's filters and the forms' fields.
 */
export const activeListingsQuery = (api: StelaceQueries) => ({
  ...api.assets.list.queryOptions({ active: true, orderBy: "createdDate", order: "desc", nbResultsPerPage: 100 }),
  staleTime: 5 * 60_000
})

/** Every category, parents first. */
export const useCategories = () => {
  const api = useStelaceQueries()
  return useQuery({ ...categoriesQuery(api), select: results })
}

/** Every asset type. */
export const useAssetTypes = () => {
  const api = useStelaceQueries()
  return useQuery({ ...assetTypesQuery(api), select: results })
}

/** The active listings published last, as `select` reads them ({@link activeListingsQuery}). */
export const useActiveListings = <T = Array<Asset>>(select?: (listings: Array<Asset>) => T) => {
  const api = useStelaceQueries()
  return useQuery({
    ...activeListingsQuery(api),
    select: (page: ListPage<Asset>) => (select === undefined ? results(page) : select(results(page))) as T
  })
}

/** The places the platform's listings use (cities of their locations), for "Near" and "City". */
export const usePlaces = () => useActiveListings(placesOf)

/** The platform's custom attributes (which the public may read). */
export const useCustomAttributes = () => {
  const api = useStelaceQueries()
  return useQuery({ ...api.customAttributes.list.queryOptions({ nbResultsPerPage: 100 }), staleTime: Infinity, select: results })
}

/** A booking that still holds the listing: sent, not cancelled nor completed, and not over. */
export const isActiveBooking = (booking: Transaction, now = Date.now()): boolean =>
  booking.status !== "draft" && booking.status !== "cancelled" && booking.status !== "completed" &&
  (booking.endDate === null || Date.parse(booking.endDate) > now)

/** The active bookings of one of the logged-in owner's listings (fresh on every visit). */
export const useActiveBookings = (assetId: string) => {
  const api = useStelaceQueries()
  const { userId } = useSession()
  return useQuery({
    ...api.transactions.list.queryOptions(userId ? { assetId, ownerId: userId, nbResultsPerPage: 100 } : skipToken),
    staleTime: 0,
    select: (page) => page.results.filter((booking) => isActiveBooking(booking))
  })
}

/** The dates an owner blocked on their listing (availabilities of quantity 0), still to come. */
export const useBlockedDates = (assetId: string) => {
  const api = useStelaceQueries()
  return useQuery({
    ...api.availabilities.list.queryOptions({ assetId, nbResultsPerPage: 100 }),
    select: (page) => page.results.filter((availability) => availability.quantity === 0 && Date.parse(availability.endDate) > Date.now())
  })
}
