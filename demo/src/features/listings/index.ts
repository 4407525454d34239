/**
 * What other features use of the listings feature: its cards, the queries pages share
 * (categories, asset types, places, custom attributes, a member's listings), and what a listing
 * says about itself (its category, its places, its attributes). The app reads the rest (the route
 * tree's queries, the photo uploader, the geocoder) from their own modules.
 */
export { categoryLabel, categoryWithDescendants } from "./categories.js"
export { ListingCards } from "./ListingCards.js"
export { attributeLabelIn, numberAttributesFor, pointsOf } from "./listingDetails.js"
export { type Place, placeNamed } from "./places.js"
export {
  memberListingsQuery,
  recentListingsQuery,
  useActiveListings,
  useAssetTypes,
  useCategories,
  useCustomAttributes,
  usePlaces
} from "./queries.js"
