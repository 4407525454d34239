/**
 * Bookings are Stelace transactions in the default transaction process: the taker asks
 * (`confirmAndPay`: no payment is taken in this demo), the owner accepts (`validated`) or declines,
 * either party cancels (`cancel`).
 */
import type { Asset, AssetType, Transaction } from "stelace-effect"

/** The transition that sends a new booking to the owner. */
export const REQUEST = "confirmAndPay"

/** Why a cancelled booking was cancelled. */
export const DECLINED = "declinedByOwner"
export const CANCELLED_BY_TAKER = "cancelledByTaker"

/** Whether the listing is rented for a time (by the day) rather than sold. */
export const isTimeBased = (listing: Pick<Asset, "assetTypeId">, assetTypes: ReadonlyArray<AssetType>): boolean =>
  assetTypes.find((type) => type.id === listing.assetTypeId)?.timeBased ?? true

/** `per day` for listings rented by the day; nothing for sales. */
export const unitOf = (listing: Pick<Asset, "assetTypeId">, assetTypes: ReadonlyArray<AssetType>): string | undefined =>
  isTimeBased(listing, assetTypes) ? "per day" : undefined

/** A booking's status as its parties read it. */
export const statusLabel = (booking: Transaction): string => {
  switch (booking.status) {
    case "draft":
      return "Not sent"
    case "pending-acceptance":
    case "confirmed":
      return "Waiting for the owner"
    case "accepted":
    case "pending-payment":
      return "Accepted, waiting for payment"
    case "validated":
      return "Accepted"
    case "completed":
      return "Completed"
    case "cancelled":
      return booking.cancellationReason === DECLINED ? "Declined" : "Cancelled"
    default:
      return booking.status ?? "Unknown"
  }
}

/** Whether the owner has a decision to make. */
export const awaitsOwner = (booking: Transaction): boolean =>
  booking.status === "pending-acceptance" || booking.status === "confirmed"

/** Whether the booking can still be cancelled. */
export const isCancellable = (booking: Transaction): boolean =>
  booking.status !== "cancelled" && booking.status !== "completed"

/** Whether the parties can rate each other: the owner accepted. */
export const canRate = (booking: Transaction): boolean =>
  booking.status === "validated" || booking.status === "completed"
