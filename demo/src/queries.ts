/**
 * What the pages read, as the React bindings' query options (`useStelaceQueries()`), whose keys
 * carry who is asking, so one user's data is never shown to the next.
 *
 * When a session expires the keys stay those of the user whose session it was, and their queries
 * wait for the next login in the dialog over the page: the page stays as it was, with its data
 * and whatever the user typed in it. Queries that need something not known yet (a user, an id)
 * take TanStack's `skipToken` in its place.
 */
import { skipToken, useQuery, useQueryClient } from "@tanstack/react-query"
import { useEffect, useRef } from "react"
import type { Asset, AvailabilityGraph, Message, Transaction } from "stelace-effect"
import { type ListPage, type StelaceQueries, useSession, useStelace, useStelaceQueries } from "stelace-effect/react"
import { unavailablePeriods, upcoming } from "./availability.js"
export { type Conversation, conversationsOf } from "./inbox.js"
import { useT } from "./i18n/index.js"
import { useFallbackInterval } from "./live.js"

/** The items of a list. */
export const results = <T>(page: ListPage<T>): Array<T> => [...page.results]

/*
 * The queries pages show first, as options: their hooks below read them, and the routes' loaders
 * (`routes.tsx`) start them as a page's code loads, with the same keys, so that neither waits for
 * the other.
 */

/** A user's public profile. */
export const userQuery = (api: StelaceQueries, id: string | typeof skipToken) => ({ ...api.users.read.queryOptions(id), staleTime: 5 * 60_000 })

/** Every category. */
export const categoriesQuery = (api: StelaceQueries) => ({ ...api.categories.list.queryOptions({ nbResultsPerPage: 100 }), staleTime: Infinity })

/** Every asset type. */
export const assetTypesQuery = (api: StelaceQueries) => ({ ...api.assetTypes.list.queryOptions({ nbResultsPerPage: 100 }), staleTime: Infinity })

/** The six active listings published last. */
export const recentListingsQuery = (api: StelaceQueries) =>
  api.assets.list.queryOptions({ orderBy: "createdDate", order: "desc", active: true, nbResultsPerPage: 6 })

/** One listing. */
export const listingQuery = (api: StelaceQueries, id: string) => api.assets.read.queryOptions(id)

/** One booking. */
export const bookingQuery = (api: StelaceQueries, id: string) => api.transactions.read.queryOptions(id)

/** A user's public profile (`displayName`); nothing while `id` is unknown. */
export const useUser = (id: string | null | undefined) => {
  const api = useStelaceQueries()
  return useQuery(userQuery(api, id ?? skipToken))
}

/** The name a user goes by. */
export const useDisplayName = (id: string | null | undefined): string | undefined => {
  const t = useT()
  const user = useUser(id).data
  return user ? (user.displayName ?? user.firstname ?? t("common.aMember")) : undefined
}

/** A user's average rating out of 5 (scores are 0 to 100) and their number of ratings, from `GET /ratings/stats`. */
export interface RatingSummary {
  readonly average: number | null
  readonly count: number
}

const summary = (page: ListPage<{ avg: number | null; count: number }>): RatingSummary => {
  const row = page.results[0]
  return row === undefined ? { average: null, count: 0 } : { average: row.avg === null ? null : Math.round(row.avg / 2) / 10, count: row.count }
}

/** The ratings a user received, as an average and a count. */
export const useUserRatingSummary = (userId: string | null | undefined) => {
  const api = useStelaceQueries()
  return useQuery({
    ...api.ratings.getStats.queryOptions(userId ? { groupBy: "targetId", targetId: userId } : skipToken),
    select: summary
  })
}

/**
 * The ratings takers gave a listing's owner about it, as an average and a count (owners rate
 * their takers about the same listing: those are about the taker, not the listing).
 */
export const useListingRatingSummary = (listing: Pick<Asset, "id" | "ownerId">) => {
  const api = useStelaceQueries()
  return useQuery({
    ...api.ratings.getStats.queryOptions(
      listing.ownerId ? { groupBy: "assetId", assetId: listing.id, targetId: listing.ownerId } : skipToken
    ),
    select: summary
  })
}

/** The ratings a user received, newest first. */
export const useUserRatings = (userId: string) => {
  const api = useStelaceQueries()
  return useQuery({ ...api.ratings.list.queryOptions({ targetId: userId, nbResultsPerPage: 50 }), select: results })
}

/** A user's listings: every one of them for their owner, the active ones for others. */
export const useUserListings = (userId: string | null | undefined, { activeOnly }: { activeOnly: boolean }) => {
  const api = useStelaceQueries()
  return useQuery({
    ...api.assets.list.queryOptions(
      userId ? { ownerId: userId, orderBy: "createdDate", order: "desc", nbResultsPerPage: 100, ...(activeOnly ? { active: true } : {}) } : skipToken
    ),
    select: results
  })
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

/** Every category, parents first. */
export const useCategories = () => {
  const api = useStelaceQueries()
  return useQuery({ ...categoriesQuery(api), select: results })
}

/** Every asset type (whether listings are rented by the day). */
export const useAssetTypes = () => {
  const api = useStelaceQueries()
  return useQuery({ ...assetTypesQuery(api), select: results })
}

/** The listings published last, active ones only. */
export const useRecentListings = () => {
  const api = useStelaceQueries()
  return useQuery({ ...recentListingsQuery(api), select: results })
}

/** One listing. */
export const useListing = (id: string) => {
  const api = useStelaceQueries()
  return useQuery(listingQuery(api, id))
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

/** The dates an owner blocked on their listing (availabilities of quantity 0). */
export const useBlockedDates = (assetId: string) => {
  const api = useStelaceQueries()
  return useQuery({
    ...api.availabilities.list.queryOptions({ assetId, nbResultsPerPage: 100 }),
    select: (page) => page.results.filter((availability) => availability.quantity === 0 && Date.parse(availability.endDate) > Date.now())
  })
}

/** Ratings of a listing (fresh on every visit). */
export const useListingRatings = (assetId: string) => {
  const api = useStelaceQueries()
  return useQuery({ ...api.ratings.list.queryOptions({ assetId, nbResultsPerPage: 50 }), staleTime: 0, select: results })
}

const newestFirst = (a: Transaction, b: Transaction) => b.createdDate.localeCompare(a.createdDate)

/** The logged-in user's bookings (`taker`) or the requests for their listings (`owner`), newest first. */
export const useTransactions = (role: "taker" | "owner") => {
  const api = useStelaceQueries()
  const { userId } = useSession()
  const filter = (user: string) => (role === "taker" ? { takerId: user } : { ownerId: user })
  return useQuery({
    ...api.transactions.list.queryOptions(userId ? { ...filter(userId), nbResultsPerPage: 100 } : skipToken),
    select: (page) => [...page.results].sort(newestFirst)
  })
}

/** One booking: refetched when the other party signals a change (slowly, while the socket is down). */
export const useTransaction = (id: string) => {
  const api = useStelaceQueries()
  const refetchInterval = useFallbackInterval()
  return useQuery({ ...bookingQuery(api, id), refetchInterval })
}

/** The messages of a booking, oldest first: refetched when the other party signals a new one. */
export const useMessages = (transactionId: string) => {
  const api = useStelaceQueries()
  const refetchInterval = useFallbackInterval()
  return useQuery({
    ...api.messages.list.queryOptions({ topicId: transactionId, nbResultsPerPage: 100 }),
    refetchInterval,
    select: (page) => [...page.results].sort((a, b) => a.createdDate.localeCompare(b.createdDate))
  })
}

/**
 * The logged-in user's messages, sent and received, newest first. The inbox and the header's
 * unread count read this one query; a `messageSent` signal refetches it (`LiveUpdates`), and while
 * the socket is down it falls back to a slow refetch, as the booking pages do.
 */
export const useMyMessages = () => {
  const api = useStelaceQueries()
  const { userId } = useSession()
  const refetchInterval = useFallbackInterval()
  return useQuery({
    ...api.messages.list.queryOptions(userId ? { userId, nbResultsPerPage: 100, orderBy: "createdDate", order: "desc" } : skipToken),
    refetchInterval,
    select: (page) => [...page.results].sort((a, b) => b.createdDate.localeCompare(a.createdDate))
  })
}

/** Messages the logged-in user received and has not read. */
export const useUnreadCount = (): number | undefined => {
  const { userId } = useSession()
  const messages = useMyMessages().data
  return messages === undefined || userId === null ? undefined : messages.filter((message) => message.receiverId === userId && !message.read).length
}

/**
 * Marks the shown messages that the logged-in user received as read (`messages.update`), once
 * each; the inbox and the header's count follow.
 */
export const useMarkRead = (messages: ReadonlyArray<Message> | undefined) => {
  const api = useStelaceQueries()
  const { userId } = useSession()
  const queryClient = useQueryClient()
  const client = useStelace()
  // ids already sent, so a re-render (or StrictMode's second effect) does not send them again
  const sent = useRef(new Set<string>())
  const unread = (messages ?? []).filter((message) => message.receiverId === userId && !message.read && !sent.current.has(message.id))
  const key = unread.map((message) => message.id).join(",")
  useEffect(() => {
    if (key === "") return
    const ids = key.split(",").filter((id) => !sent.current.has(id))
    for (const id of ids) sent.current.add(id)
    // a failure leaves them unread, to be marked on the next visit
    void Promise.allSettled(ids.map((id) => client.messages.update(id, { read: true })))
      .then(() => queryClient.invalidateQueries({ queryKey: api.messages.queryKey() }))
  }, [key, client, queryClient, api])
}

/**
 * What a conversation is about: a booking (`trn_`, named after its listing) or a listing (`ast_`).
 * Bookings are read as the user sees them; a listing that was deleted has no name.
 */
export const useTopicName = (topicId: string): { kind: "booking" | "listing"; name: string | undefined; assetId: string | undefined } => {
  const t = useT()
  const api = useStelaceQueries()
  const booking = topicId.startsWith("trn_")
  const transaction = useQuery({ ...api.transactions.read.queryOptions(booking ? topicId : skipToken), staleTime: 60_000 })
  const asset = useQuery({ ...api.assets.read.queryOptions(booking ? skipToken : topicId), staleTime: 60_000, retry: false })
  return booking
    ? { kind: "booking", name: transaction.data?.assetSnapshot.name ?? (transaction.isError ? t("common.aBooking") : undefined), assetId: transaction.data?.assetId ?? undefined }
    : { kind: "listing", name: asset.data?.name ?? (asset.isError ? t("common.aRemovedListing") : undefined), assetId: asset.data?.id }
}

/** The ratings given for a booking. */
export const useTransactionRatings = (transactionId: string) => {
  const api = useStelaceQueries()
  return useQuery({ ...api.ratings.list.queryOptions({ transactionId }), select: results })
}
