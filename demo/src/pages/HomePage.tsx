/**
 * The home page: a search box (the search itself is on /search, the words in its address), the
 * categories, and the listings published last.
 */
import { Link, useNavigate } from "@tanstack/react-router"
import { type FormEvent, useState } from "react"
import { unitOf } from "../booking.js"
import { Empty, ErrorMessage, Loading } from "../components/Feedback.js"
import { ListingCard } from "../components/ListingCard.js"
import { T, useT } from "../i18n/index.js"
import { useAssetTypes, useCategories, useRecentListings } from "../queries.js"

export const HomePage = () => {
  const t = useT()
  const navigate = useNavigate()
  const [query, setQuery] = useState("")
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void navigate({ to: "/search", search: query.trim() === "" ? {} : { query: query.trim() } })
  }
  return (
    <>
      <h1 tabIndex={-1}>{t("home.heading")}</h1>
      {/* biome-ignore lint/a11y/useSemanticElements: a form with the search role is the landmark every browser and screen reader knows; <search> is recent */}
      <form role="search" aria-label={t("home.findListing")} className="search-form home-search" onSubmit={submit}>
        <div className="field wide">
          <label htmlFor="home-query">{t("home.searchLabel")}</label>
          <input id="home-query" type="search" placeholder={t("home.searchPlaceholder")} value={query} onChange={(event) => setQuery(event.target.value)} />
        </div>
        <div className="actions">
          <button type="submit">{t("home.searchButton")}</button>
        </div>
      </form>
      <Categories />
      <RecentListings />
    </>
  )
}

const Categories = () => {
  const t = useT()
  const categories = useCategories()
  const parents = (categories.data ?? []).filter((category) => category.parentId === null)
  return (
    <section aria-labelledby="categories-title">
      <h2 id="categories-title">{t("home.categories")}</h2>
      {categories.isPending && <Loading>{t("home.loadingCategories")}</Loading>}
      {categories.isError && <ErrorMessage error={categories.error} retry={() => void categories.refetch()} />}
      <ul className="categories">
        {parents.map((parent) => (
          <li key={parent.id}>
            <Link to="/search" search={{ categoryId: parent.id }} className="category-link">{parent.name}</Link>
            <ul>
              {(categories.data ?? []).filter((child) => child.parentId === parent.id).map((child) => (
                <li key={child.id}><Link to="/search" search={{ categoryId: child.id }}>{child.name}</Link></li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  )
}

const RecentListings = () => {
  const t = useT()
  const listings = useRecentListings()
  const categories = useCategories().data ?? []
  const assetTypes = useAssetTypes().data ?? []
  return (
    <section aria-labelledby="recent-title">
      <h2 id="recent-title">{t("home.recent")}</h2>
      {listings.isPending && <Loading>{t("common.loadingListings")}</Loading>}
      {listings.isError && <ErrorMessage error={listings.error} retry={() => void listings.refetch()} />}
      {listings.isSuccess && listings.data.length === 0 && <Empty><p><T id="home.nothingListed" components={{ 0: <Link to="/listings/new" /> }} /></p></Empty>}
      <ul className="cards">
        {(listings.data ?? []).map((listing) => (
          <li key={listing.id}>
            <ListingCard listing={listing} categories={categories} unit={unitOf(listing, assetTypes)} />
          </li>
        ))}
      </ul>
      <p><Link to="/search">{t("home.seeAll")}</Link></p>
    </section>
  )
}
