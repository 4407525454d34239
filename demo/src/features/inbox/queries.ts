/**
 * What the conversations read: a conversation's own messages, a page at a time from the newest,
 * refetched when the other party signals a message (`LiveUpdates`), and slowly while the socket is
 * down; marking them read; and what they are about (their topics). The inbox itself is `inbox.ts`.
 */
import { skipToken, useInfiniteQuery, useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query"
import { useLingui } from "@lingui/react"
import { useEffect, useRef } from "react"
import type { Asset, Message, Transaction } from "stelace-effect"
import { useSession, useStelaceQueries } from "stelace-effect/react"
import { useFallbackInterval } from "../../lib/live.js"

/** Messages a page of a conversation holds. */
const CONVERSATION_PAGE = 50

/**
 * The messages of a conversation: the topic's own, between the logged-in user and `otherId`,
 * oldest first, read a page at a time from the newest. `partyId` is the member all of them involve (`userId` of
 * `messages.list`): the user, or for a question about their own listing, the person asking (an
 * owner hears from several people on the same topic).
 */
export const useConversationMessages = (topicId: string, partyId: string | undefined, otherId: string | undefined) => {
  const api = useStelaceQueries()
  const refetchInterval = useFallbackInterval()
  return useInfiniteQuery({
    ...api.messages.list.infiniteQueryOptions(
      partyId ? { topicId, userId: partyId, orderBy: "createdDate", order: "desc", nbResultsPerPage: CONVERSATION_PAGE } : skipToken
    ),
    refetchInterval,
    select: (data) =>
      data.pages
        .flatMap((page) => page.results)
        .filter((message) => otherId === undefined || message.senderId === otherId || message.receiverId === otherId)
        .reverse()
  })
}

/**
 * Marks the shown messages that the logged-in user received as read (`messages.update`), once
 * each; the inbox and the header's count follow.
 */
export const useMarkRead = (messages: ReadonlyArray<Message> | undefined) => {
  const api = useStelaceQueries()
  const { userId } = useSession()
  const mark = useMutation(api.messages.update.mutationOptions({ invalidates: false }))
  const queryClient = useQueryClient()
  // ids already sent, so a re-render (or StrictMode's second effect) does not send them again
  const sent = useRef(new Set<string>())
  const unread = (messages ?? []).filter((message) => message.receiverId === userId && !message.read && !sent.current.has(message.id))
  const key = unread.map((message) => message.id).join(",")
  const { mutateAsync } = mark
  useEffect(() => {
    if (key === "") return
    const ids = key.split(",").filter((id) => !sent.current.has(id))
    for (const id of ids) sent.current.add(id)
    // a failure leaves them unread, to be marked on the next visit; the messages are read again once
    void Promise.allSettled(ids.map((id) => mutateAsync({ id, input: { read: true } })))
      .then(() => api.messages.update.invalidate(queryClient))
  }, [key, mutateAsync, api, queryClient])
}

/** What a conversation is about: a booking (`trn_`, named after its listing) or a listing (`ast_`). */
export interface Topic {
  readonly kind: "booking" | "listing"
  /** Its name: `undefined` while it is read. */
  readonly name: string | undefined
  readonly assetId: string | undefined
  /** The listing's owner, for a listing; `undefined` while it is read, or for a listing that is gone. */
  readonly ownerId: string | undefined
  /** Whether it is known (read, or known to be gone). */
  readonly settled: boolean
}

const bookingTopic = (booking: Transaction | undefined, gone: boolean, fallback: string): Topic => ({
  kind: "booking",
  name: booking?.assetSnapshot.name ?? (gone ? fallback : undefined),
  assetId: booking?.assetId ?? undefined,
  ownerId: booking?.ownerId ?? undefined,
  settled: booking !== undefined || gone
})

const listingTopic = (listing: Asset | undefined, gone: boolean, fallback: string): Topic => ({
  kind: "listing",
  name: listing?.name ?? (gone ? fallback : undefined),
  assetId: listing?.id,
  ownerId: listing?.ownerId ?? undefined,
  settled: listing !== undefined || gone
})

/** One conversation's topic. Bookings are read as the user sees them; a listing that was deleted has no name. */
export const useTopic = (topicId: string): Topic => {
  const { i18n } = useLingui()
  const api = useStelaceQueries()
  const booking = topicId.startsWith("trn_")
  const transaction = useQuery({ ...api.transactions.read.queryOptions(booking ? topicId : skipToken), staleTime: 60_000 })
  const asset = useQuery({ ...api.assets.read.queryOptions(booking ? skipToken : topicId), staleTime: 60_000, retry: false })
  return booking
    ? bookingTopic(transaction.data, transaction.isError, i18n._("common.aBooking"))
    : listingTopic(asset.data, asset.isError, i18n._("common.aRemovedListing"))
}

/** Requests of up to 100 ids each. */
const batches = (ids: ReadonlyArray<string>): Array<Array<string>> => {
  const unique = [...new Set(ids)].sort()
  return Array.from({ length: Math.ceil(unique.length / 100) }, (_, index) => unique.slice(index * 100, index * 100 + 100))
}

/**
 * The topics of many conversations, read at once: two `transactions.list` for the bookings (the
 * member's as owner, and as taker) and one `assets.list` for the listings, their ids as the
 * filter, 100 a request. Each topic's own
 * query (`useTopic`, the conversation's page) is seeded from the answer.
 */
export const useTopics = (topicIds: ReadonlyArray<string>): ((topicId: string) => Topic) => {
  const { i18n } = useLingui()
  const api = useStelaceQueries()
  const { userId } = useSession()
  const queryClient = useQueryClient()
  const bookingIds = batches(topicIds.filter((id) => id.startsWith("trn_")))
  const listingIds = batches(topicIds.filter((id) => !id.startsWith("trn_")))
  // Stelace lists a member's bookings as their owner or as their taker, one or the other: both are asked
  const groups = userId === null ? [] : bookingIds.flatMap((ids) => [{ id: ids, ownerId: userId }, { id: ids, takerId: userId }])
  const bookings = useQueries({
    queries: groups.map((filter) => ({ ...api.transactions.list.queryOptions({ ...filter, nbResultsPerPage: 100 }), staleTime: 60_000 }))
  })
  const listings = useQueries({
    queries: listingIds.map((ids) => ({ ...api.assets.list.queryOptions({ id: ids, nbResultsPerPage: 100 }), staleTime: 60_000 }))
  })
  const found = new Map<string, Transaction | Asset>()
  // a topic is known to be gone once every request that could find it has answered without it
  const waiting = new Set<string>()
  const read = (queries: typeof bookings | typeof listings, groups: Array<ReadonlyArray<string>>) =>
    queries.forEach((query, index) => {
      if (query.data === undefined) for (const id of groups[index]!) waiting.add(id)
      else for (const item of query.data.results) found.set(item.id, item)
    })
  read(bookings, groups.map((group) => group.id))
  read(listings, listingIds)

  const seeded = [...bookings, ...listings].map((query) => query.dataUpdatedAt).join()
  // biome-ignore lint/correctness/useExhaustiveDependencies: seeded again only when an answer came
  useEffect(() => {
    for (const query of bookings) {
      for (const booking of query.data?.results ?? []) {
        const { queryKey } = api.transactions.read.queryOptions(booking.id)
        if (queryClient.getQueryData(queryKey) === undefined) queryClient.setQueryData(queryKey, booking, { updatedAt: query.dataUpdatedAt })
      }
    }
    for (const query of listings) {
      for (const listing of query.data?.results ?? []) {
        const { queryKey } = api.assets.read.queryOptions(listing.id)
        if (queryClient.getQueryData(queryKey) === undefined) queryClient.setQueryData(queryKey, listing, { updatedAt: query.dataUpdatedAt })
      }
    }
  }, [seeded, api, queryClient])

  return (topicId) => {
    const item = found.get(topicId)
    const gone = item === undefined && !waiting.has(topicId) && topicIds.includes(topicId)
    return topicId.startsWith("trn_")
      ? bookingTopic(item as Transaction | undefined, gone, i18n._("common.aBooking"))
      : listingTopic(item as Asset | undefined, gone, i18n._("common.aRemovedListing"))
  }
}
