/**
 * What the pages read from the marketplace, as TanStack queries over the Stelace client. Keys
 * start with the resource, so a change invalidates what it touched (`["transactions"]` after a
 * transition, say).
 */
import { useInfiniteQuery, useQuery } from "@tanstack/react-query"
import type { Asset, AssetType, AvailabilityGraph, Category, Message, Rating, Transaction, User } from "stelace-effect"
import { useSession, useStelace } from "stelace-effect/react"

/** A user's public profile (`displayName`); nothing while `id` is unknown. */
export const useUser = (id: string | null | undefined) => {
  const client = useStelace()
  return useQuery({
    queryKey: ["users", id],
    queryFn: ({ signal }): Promise<User> => client.users.read(id!, { signal }),
    enabled: Boolean(id),
    staleTime: 5 * 60_000
  })
}

/** The name a user goes by. */
export const useDisplayName = (id: string | null | undefined): string | undefined => {
  const user = useUser(id).data
  return user ? (user.displayName ?? user.firstname ?? "A member") : undefined
}

/** The logged-in user, if any. */
export const useCurrentUser = () => useUser(useSession().userId)

/** Every category, parents first. */
export const useCategories = () => {
  const client = useStelace()
  return useQuery({
    queryKey: ["categories"],
    queryFn: async ({ signal }): Promise<Array<Category>> => [...await client.categories.list({ nbResultsPerPage: 100 }, { signal })],
    staleTime: Infinity
  })
}

/** Every asset type (whether listings are rented by the day). */
export const useAssetTypes = () => {
  const client = useStelace()
  return useQuery({
    queryKey: ["assetTypes"],
    queryFn: async ({ signal }): Promise<Array<AssetType>> => [...await client.assetTypes.list({ nbResultsPerPage: 100 }, { signal })],
    staleTime: Infinity
  })
}

/** What the search form asks for. */
export interface Criteria {
  readonly query: string
  readonly categoryId: string
  readonly minPrice: string
  readonly maxPrice: string
  readonly startDate: string
  readonly endDate: string
}

export const PAGE_SIZE = 6

/**
 * Search results, a page at a time. The API searches text, categories and free dates; the price
 * range is applied to the pages as they arrive (`POST /search` has no price filter).
 */
export const useSearch = (criteria: Criteria) => {
  const client = useStelace()
  return useInfiniteQuery({
    queryKey: ["assets", "search", criteria],
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) => {
      const results = await client.search.list({
        query: criteria.query || undefined,
        categoryId: criteria.categoryId || undefined,
        startDate: criteria.startDate ? `${criteria.startDate}T00:00:00.000Z` : undefined,
        endDate: criteria.endDate ? `${criteria.endDate}T00:00:00.000Z` : undefined,
        page: pageParam,
        nbResultsPerPage: PAGE_SIZE
      }, { signal })
      const meta = results.paginationMeta as { nbPages?: number; nbResults?: number }
      return { listings: [...results], page: pageParam, nbPages: meta.nbPages ?? 1, nbResults: meta.nbResults }
    },
    getNextPageParam: (last) => (last.page < last.nbPages ? last.page + 1 : undefined)
  })
}

/** Whether a listing's price is within the range of the criteria. */
export const inPriceRange = (listing: Asset, criteria: Criteria): boolean =>
  (criteria.minPrice === "" || listing.price >= Number(criteria.minPrice)) &&
  (criteria.maxPrice === "" || listing.price <= Number(criteria.maxPrice))

/** One listing. */
export const useListing = (id: string) => {
  const client = useStelace()
  return useQuery({ queryKey: ["assets", id], queryFn: ({ signal }): Promise<Asset> => client.assets.read(id, { signal }) })
}

/** The periods a listing is fully booked, from its availability graph (fresh on every visit: others book). */
export const useBookedPeriods = (assetId: string) => {
  const client = useStelace()
  return useQuery({
    queryKey: ["assets", assetId, "booked"],
    queryFn: async ({ signal }) => bookedPeriods(await client.availabilities.getGraph({ assetId }, { signal })),
    staleTime: 0
  })
}

const bookedPeriods = (graph: AvailabilityGraph): Array<{ start: string; end: string }> => {
  const periods: Array<{ start: string; end: string }> = []
  graph.graphDates.forEach((point, index) => {
    const next = graph.graphDates[index + 1]
    if (next === undefined || point.usedQuantity < point.availableQuantity) return
    const last = periods.at(-1)
    if (last !== undefined && last.end === point.date) last.end = next.date
    else periods.push({ start: point.date, end: next.date })
  })
  return periods.filter((period) => Date.parse(period.end) > Date.now())
}

/** Ratings of a listing (fresh on every visit). */
export const useListingRatings = (assetId: string) => {
  const client = useStelace()
  return useQuery({
    queryKey: ["ratings", { assetId }],
    queryFn: async ({ signal }): Promise<Array<Rating>> => [...await client.ratings.list({ assetId, nbResultsPerPage: 50 }, { signal })],
    staleTime: 0
  })
}

/** The logged-in user's bookings (`taker`) or the requests for their listings (`owner`), newest first. */
export const useTransactions = (role: "taker" | "owner") => {
  const client = useStelace()
  const { userId } = useSession()
  return useQuery({
    queryKey: ["transactions", role, userId],
    queryFn: async ({ signal }): Promise<Array<Transaction>> => {
      const filter = role === "taker" ? { takerId: userId! } : { ownerId: userId! }
      const list = await client.transactions.list({ ...filter, nbResultsPerPage: 100 }, { signal })
      return [...list].sort((a, b) => b.createdDate.localeCompare(a.createdDate))
    },
    enabled: Boolean(userId)
  })
}

/** One booking, checked every few seconds for what the other party did. */
export const useTransaction = (id: string) => {
  const client = useStelace()
  return useQuery({
    queryKey: ["transactions", id],
    queryFn: ({ signal }): Promise<Transaction> => client.transactions.read(id, { signal }),
    refetchInterval: 5000
  })
}

/** The messages of a booking, oldest first, checked for new ones every few seconds. */
export const useMessages = (transactionId: string) => {
  const client = useStelace()
  return useQuery({
    queryKey: ["messages", transactionId],
    queryFn: async ({ signal }): Promise<Array<Message>> => {
      const list = await client.messages.list({ topicId: transactionId, nbResultsPerPage: 100 }, { signal })
      return [...list].sort((a, b) => a.createdDate.localeCompare(b.createdDate))
    },
    refetchInterval: 3000
  })
}

/** The ratings given for a booking. */
export const useTransactionRatings = (transactionId: string) => {
  const client = useStelace()
  return useQuery({
    queryKey: ["ratings", { transactionId }],
    queryFn: async ({ signal }): Promise<Array<Rating>> => [...await client.ratings.list({ transactionId }, { signal })]
  })
}
