/**
 * What other features and the app use of the listings feature: its cards, the queries pages
 * share (categories, asset types, places, custom attributes), what a listing says about itself
 * (its category, its places, its attributes), and what the app gives it (photo uploader, geocoder).
 */
export { categoryLabel, categoryWithDescendants } from "./categories.js"
export { type Geocoder, GeocoderContext } from "./geocoder.js"
export { ListingCards } from "./ListingCards.js"
export { attributeLabelIn, numberAttributesFor, pointsOf } from "./listingDetails.js"
export { httpUploader, PhotoUploaderContext } from "./photos.js"
export { type Place, placeNamed } from "./places.js"
export {
  activeListingsQuery,
  assetTypesQuery,
  categoriesQuery,
  listingQuery,
  memberListingsQuery,
  recentListingsQuery,
  useActiveListings,
  useAssetTypes,
  useCategories,
  useCustomAttributes,
  usePlaces
} from "./queries.js"
export { isTimeBased } from "./rental.js"
