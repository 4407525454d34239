/**
 * The inbox: every message of the logged-in member, read page after page until the last, so that
 * the inbox lists every conversation and the header's unread count is exact (Stelace counts
 * messages but cannot filter them by `read`). The header reads it on every page, so it lives apart
 * from the conversations' queries, which only their pages load.
 */
import { skipToken, useInfiniteQuery } from "@tanstack/react-query"
import { useEffect } from "react"
import { useSession, useStelaceQueries } from "stelace-effect/react"
import { useFallbackInterval } from "../../lib/live.js"

/** Messages a page of the inbox holds: the most Stelace sends at once. */
const INBOX_PAGE = 100

/**
 * The logged-in user's messages, sent and received, newest first: every page, fetched one after
 * the other until the last (`messages` stays `undefined` until then).
 */
export const useInbox = () => {
  const api = useStelaceQueries()
  const { userId } = useSession()
  const refetchInterval = useFallbackInterval()
  const inbox = useInfiniteQuery({
    ...api.messages.list.infiniteQueryOptions(
      userId ? { userId, orderBy: "createdDate", order: "desc", nbResultsPerPage: INBOX_PAGE } : skipToken
    ),
    refetchInterval
  })
  const { hasNextPage, isFetching, isError, fetchNextPage } = inbox
  useEffect(() => {
    // the inbox and the header both read it: a page already on its way is not asked for again
    if (hasNextPage && !isFetching && !isError) void fetchNextPage({ cancelRefetch: false })
  }, [hasNextPage, isFetching, isError, fetchNextPage])
  const messages = inbox.data === undefined || hasNextPage ? undefined : inbox.data.pages.flatMap((page) => page.results)
  return { ...inbox, messages }
}

/** Messages the logged-in user received and has not read, counted over all of theirs. */
export const useUnreadCount = (): number | undefined => {
  const { userId } = useSession()
  const { messages } = useInbox()
  return messages === undefined || userId === null ? undefined : messages.filter((message) => message.receiverId === userId && !message.read).length
}
