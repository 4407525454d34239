/**
 * The home page: a search box (the search itself is on /search, the words in its address), the
 * categories, and the listings published last.
 *
 * The categories and the listings show together, once both (and the asset types, which give the
 * cards their "per day") have answered: the listings shown first would move down when the
 * categories above them arrived, a layout shift on every visit (CLS, `npm run bench:demo`).
 */
import { Trans, useLingui } from "@lingui/react"
import { useQuery } from "@tanstack/react-query"
import { Link, useNavigate } from "@tanstack/react-router"
import { useState } from "react"
import type { Asset, Category } from "stelace-effect"
import { useStelaceQueries } from "stelace-effect/react"
import { ListingCards, recentListingsQuery, useAssetTypes, useCategories } from "../listings/index.js"
import { results } from "../../lib/lists.js"
import { Empty, Loading } from "../../ui/Feedback.js"
import { Field } from "../../ui/Field.js"
import { useSubmission } from "../../ui/form.js"
import { QueryState } from "../../ui/QueryState.js"

export const HomePage = () => {
  const { i18n } = useLingui()
  const navigate = useNavigate()
  const [query, setQuery] = useState("")
  const [, send] = useSubmission(() => navigate({ to: "/search", search: query.trim() === "" ? {} : { query: query.trim() } }))
  return (
    <>
      <h1 tabIndex={-1}>{i18n._("home.heading")}</h1>
      {/* biome-ignore lint/a11y/useSemanticElements: a form with the search role is the landmark every browser and screen reader knows; <search> is recent */}
      <form role="search" aria-label={i18n._("home.findListing")} className="search-form home-search" onSubmit={send}>
        <Field className="field wide" label={i18n._("home.searchLabel")}>
          {(control) => (
            <input {...control} type="search" placeholder={i18n._("home.searchPlaceholder")} value={query} onChange={(event) => setQuery(event.target.value)} />
          )}
        </Field>
        <div className="actions">
          <button type="submit">{i18n._("home.searchButton")}</button>
        </div>
      </form>
      <Sections />
    </>
  )
}

const Sections = () => {
  const { i18n } = useLingui()
  const api = useStelaceQueries()
  const categories = useCategories()
  const listings = useQuery({ ...recentListingsQuery(api), select: results })
  const assetTypes = useAssetTypes()
  // one line while anything is missing, unless something already failed (its section says so)
  const waiting = [categories, listings, assetTypes]
  if (waiting.some((query) => query.isPending) && !waiting.some((query) => query.isError)) return <Loading>{i18n._("common.loadingListings")}</Loading>
  return (
    <>
      <Categories categories={categories} />
      <section aria-labelledby="recent-title">
        <h2 id="recent-title">{i18n._("home.recent")}</h2>
        <QueryState
          query={listings}
          loading={i18n._("common.loadingListings")}
          empty={<Empty><p><Trans id="home.nothingListed" components={{ 0: <Link to="/listings/new" /> }} /></p></Empty>}
        >
          {(recent: Array<Asset>) => <ListingCards listings={recent} />}
        </QueryState>
        <p><Link to="/search">{i18n._("home.seeAll")}</Link></p>
      </section>
    </>
  )
}

const Categories = ({ categories }: { categories: ReturnType<typeof useCategories> }) => {
  const { i18n } = useLingui()
  return (
    <section aria-labelledby="categories-title">
      <h2 id="categories-title">{i18n._("home.categories")}</h2>
      <QueryState query={categories} loading={i18n._("home.loadingCategories")}>
        {(all: Array<Category>) => (
          <ul className="categories">
            {all.filter((category) => category.parentId === null).map((parent) => (
              <li key={parent.id}>
                <Link to="/search" search={{ categoryId: parent.id }} className="category-link">{parent.name}</Link>
                <ul>
                  {all.filter((child) => child.parentId === parent.id).map((child) => (
                    <li key={child.id}><Link to="/search" search={{ categoryId: child.id }}>{child.name}</Link></li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  )
}
