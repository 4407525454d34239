/**
 * A member as pages show them: the name they go by, and the ratings they received as an average
 * and a count ("4.5 out of 5 (2 ratings)"). A list of members reads them all at once
 * (`members.ts`).
 */
import type { I18n } from "@lingui/core"
import { useLingui } from "@lingui/react"
import { skipToken, useQuery } from "@tanstack/react-query"
import type { RatingStat, User } from "stelace-effect"
import { type ListPage, type StelaceQueries, useStelaceQueries } from "stelace-effect/react"
import type { Summary } from "../ui/RatingSummary.js"

/** How long a member's name and ratings are taken as fresh. */
export const FRESH = 5 * 60_000

/** A member's public profile (their own, with what only they see, for the logged-in member). */
export const userQuery = (api: StelaceQueries, id: string) => ({ ...api.users.read.queryOptions(id), staleTime: FRESH })

/** A member's profile; nothing while `id` is unknown. */
export const useUser = (id: string | null | undefined) => {
  const api = useStelaceQueries()
  return useQuery({ ...api.users.read.queryOptions(id ?? skipToken), staleTime: FRESH })
}

/** The name a member goes by. */
export const displayName = (user: Pick<User, "displayName" | "firstname">, i18n: I18n): string =>
  user.displayName ?? user.firstname ?? i18n._("common.aMember")

/** The name of one member, once read. */
export const useDisplayName = (id: string | null | undefined): string | undefined => {
  const { i18n } = useLingui()
  const user = useUser(id).data
  return user ? displayName(user, i18n) : undefined
}

/** Ratings stats as a summary: the average out of 5, in halves of a point rounded to tenths. */
export const summaryOf = (row: Pick<RatingStat, "avg" | "count"> | undefined): Summary =>
  row === undefined ? { average: null, count: 0 } : { average: row.avg === null ? null : Math.round(row.avg / 2) / 10, count: row.count }

/** The ratings a member received, as an average and a count. */
export const useUserRatingSummary = (userId: string) => {
  const api = useStelaceQueries()
  return useQuery({
    ...api.ratings.getStats.queryOptions({ groupBy: "targetId", targetId: userId }),
    staleTime: FRESH,
    select: (page: ListPage<RatingStat>) => summaryOf(page.results[0])
  })
}

