/** The logged-in owner's listings, inactive ones included. */
import { useLingui } from "@lingui/react"
import { skipToken, useQuery } from "@tanstack/react-query"
import { Link } from "@tanstack/react-router"
import { useSession, useStelaceQueries } from "stelace-effect/react"
import { results } from "../../lib/lists.js"
import { Empty } from "../../ui/Feedback.js"
import { QueryState } from "../../ui/QueryState.js"
import { ListingCards } from "./ListingCards.js"
import { memberListingsQuery } from "./queries.js"

export const MyListingsPage = () => {
  const { i18n } = useLingui()
  const api = useStelaceQueries()
  const { userId } = useSession()
  const listings = useQuery({ ...(userId ? memberListingsQuery(api, userId, { activeOnly: false }) : api.assets.list.queryOptions(skipToken)), select: results })
  return (
    <>
      <h1 tabIndex={-1}>{i18n._("layout.myListings")}</h1>
      <p><Link to="/listings/new">{i18n._("owner.listAnother")}</Link></p>
      <QueryState query={listings} loading={i18n._("owner.loadingMine")} empty={<Empty><p>{i18n._("owner.noneYet")}</p></Empty>}>
        {(mine) => (
          // the cards are right under the page's heading: theirs come next in the outline
          <ListingCards
            listings={mine}
            headingLevel={2}
            below={(listing) => !listing.active && <p className="badge cancelled">{i18n._("owner.notBookable")}</p>}
          />
        )}
      </QueryState>
    </>
  )
}
