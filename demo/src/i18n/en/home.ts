/** The home page. */
export default {
  "home.title": "Rent what you need",
  "home.heading": "Rent what you need, from people nearby",
  "home.findListing": "Find a listing",
  "home.searchLabel": "Search",
  "home.searchPlaceholder": "Kayak, tent, electric car…",
  "home.searchButton": "Search",
  "home.categories": "Categories",
  "home.loadingCategories": "Loading categories…",
  "home.recent": "Recently listed",
  "home.nothingListed": "Nothing is listed yet. <0>Be the first to list something</0>.",
  "home.seeAll": "See every listing"
}
