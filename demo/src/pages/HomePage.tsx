/**
 * The home page: a search box (the search itself is on /search, the words in its address), the
 * categories, and the listings published last.
 *
 * The categories and the listings show together, once both (and the asset types, which give the
 * cards their "per day") have answered: the listings shown first would move down when the
 * categories above them arrived, a layout shift on every visit (CLS, `npm run bench:demo`).
 */
import { Link, useNavigate } from "@tanstack/react-router"
import { type FormEvent, useState } from "react"
import type { AssetType, Category } from "stelace-effect"
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
      <Sections />
    </>
  )
}

const Sections = () => {
  const t = useT()
  const categories = useCategories()
  const listings = useRecentListings()
  const assetTypes = useAssetTypes()
  if (categories.isPending || listings.isPending || assetTypes.isPending) {
    // one line while anything is missing, unless something already failed (its section says so)
    if (!categories.isError && !listings.isError && !assetTypes.isError) return <Loading>{t("common.loadingListings")}</Loading>
  }
  return (
    <>
      <Categories categories={categories} />
      <RecentListings listings={listings} categories={categories.data ?? []} assetTypes={assetTypes.data ?? []} />
    </>
  )
}

const Categories = ({ categories }: { categories: ReturnType<typeof useCategories> }) => {
  const t = useT()
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

const RecentListings = ({ listings, categories, assetTypes }: {
  listings: ReturnType<typeof useRecentListings>
  categories: ReadonlyArray<Category>
  assetTypes: ReadonlyArray<AssetType>
}) => {
  const t = useT()
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
