/**
 * Members as a list of rows shows them (cards, inbox rows, bookings, reviews): all of them asked
 * for at once with `useMembers(ids)`, one `users.list` with the ids as its filter, and one
 * `ratings.getStats` grouped by target when ratings are wanted, 100 members a request, both of
 * which Stelace's publishable key may read. Each member's own query (`userQuery`, which a profile
 * page or a booking reads) is seeded from the answer, so those pages show the name at once.
 */
import { useLingui } from "@lingui/react"
import { keepPreviousData, useQueries, useQueryClient } from "@tanstack/react-query"
import { useEffect } from "react"
import type { RatingStat, User } from "stelace-effect"
import { useSession, useStelaceQueries } from "stelace-effect/react"
import type { Summary } from "../ui/RatingSummary.js"
import { displayName, FRESH, summaryOf, userQuery } from "./member.js"

/** What a page knows of the members its rows are about. */
export interface Members {
  /** The name a member goes by: `undefined` while it is being read. */
  readonly name: (id: string | null | undefined) => string | undefined
  /** The ratings a member received (when asked for): `undefined` while they are being read. */
  readonly rating: (id: string | null | undefined) => Summary | undefined
}

/** Requests of up to 100 ids each: the most a page of `users.list` or `ratings.getStats` holds. */
const batches = (ids: ReadonlyArray<string | null | undefined>): Array<Array<string>> => {
  const unique = [...new Set(ids.filter((id): id is string => typeof id === "string" && id !== ""))].sort()
  return Array.from({ length: Math.ceil(unique.length / 100) }, (_, index) => unique.slice(index * 100, index * 100 + 100))
}

/**
 * The names (and with `ratings`, the ratings) of the members `ids` name, read for all of them at
 * once. A member the API does not return (a removed account) reads as "A member".
 */
export const useMembers = (ids: ReadonlyArray<string | null | undefined>, { ratings = false } = {}): Members => {
  const { i18n } = useLingui()
  const api = useStelaceQueries()
  const queryClient = useQueryClient()
  const { userId } = useSession()
  const groups = batches(ids)
  // while rows are added (a page more), the members read before still show
  const profiles = useQueries({
    queries: groups.map((group) => ({
      ...api.users.list.queryOptions({ id: group, nbResultsPerPage: 100 }),
      staleTime: FRESH,
      placeholderData: keepPreviousData
    }))
  })
  const stats = useQueries({
    queries: (ratings ? groups : []).map((group) => ({
      ...api.ratings.getStats.queryOptions({ groupBy: "targetId", targetId: group, nbResultsPerPage: 100 }),
      staleTime: FRESH,
      placeholderData: keepPreviousData
    }))
  })

  const users = new Map<string, User>()
  const answered = new Set<string>()
  profiles.forEach((profile, index) => {
    if (profile.data === undefined) return
    if (!profile.isPlaceholderData) for (const id of groups[index]!) answered.add(id)
    for (const user of profile.data.results) users.set(user.id, user)
  })
  const rows = new Map<string, RatingStat>()
  const rated = new Set<string>()
  stats.forEach((stat, index) => {
    if (stat.data === undefined) return
    const read = new Set(stat.isPlaceholderData ? [] : groups[index])
    for (const row of stat.data.results as ReadonlyArray<RatingStat<"targetId">>) {
      if (row.targetId === null) continue
      rows.set(row.targetId, row)
      read.add(row.targetId)
    }
    for (const id of read) rated.add(id)
  })

  // each member's own query starts from this answer; the user's own profile is left to its read,
  // which holds what only they see (their first and last names)
  const seeded = profiles.map((profile) => profile.dataUpdatedAt).join()
  // biome-ignore lint/correctness/useExhaustiveDependencies: seeded again only when an answer came
  useEffect(() => {
    for (const profile of profiles) {
      for (const user of profile.data?.results ?? []) {
        if (user.id === userId) continue
        const { queryKey } = userQuery(api, user.id)
        if (queryClient.getQueryData(queryKey) === undefined) queryClient.setQueryData(queryKey, user, { updatedAt: profile.dataUpdatedAt })
      }
    }
  }, [seeded, api, queryClient, userId])

  return {
    name: (id) => {
      if (!id) return undefined
      const user = users.get(id)
      return user !== undefined ? displayName(user, i18n) : answered.has(id) ? i18n._("common.aMember") : undefined
    },
    rating: (id) => (id && rated.has(id) ? summaryOf(rows.get(id)) : undefined)
  }
}
