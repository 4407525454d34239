/** Whether a listing is rented by the day or sold, from its asset type. */
import type { Asset, AssetType } from "stelace-effect"

/** Whether the listing is rented for a time (by the day) rather than sold. */
export const isTimeBased = (listing: Pick<Asset, "assetTypeId">, assetTypes: ReadonlyArray<AssetType>): boolean =>
  assetTypes.find((type) => type.id === listing.assetTypeId)?.timeBased ?? true
