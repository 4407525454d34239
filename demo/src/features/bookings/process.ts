/**
 * Bookings are Stelace transactions in the default transaction process: the taker asks
 * (`confirmAndPay`: no payment is taken in this demo), the owner accepts (`validated`) or declines,
 * either party cancels (`cancel`).
 */
import type { Transaction } from "stelace-effect"

/** The transition that sends a new booking to the owner. */
export const REQUEST = "confirmAndPay"

/** Why a cancelled booking was cancelled. */
export const DECLINED = "declinedByOwner"
export const CANCELLED_BY_TAKER = "cancelledByTaker"

/** Whether the owner has a decision to make. */
export const awaitsOwner = (booking: Transaction): boolean =>
  booking.status === "pending-acceptance" || booking.status === "confirmed"

/** Whether the booking can still be cancelled. */
export const isCancellable = (booking: Transaction): boolean =>
  booking.status !== "cancelled" && booking.status !== "completed"

/** Whether the parties can rate each other: the owner accepted. */
export const canRate = (booking: Transaction): boolean =>
  booking.status === "validated" || booking.status === "completed"
