/** A booking's status as its parties read it, as a badge. */
import { useLingui } from "@lingui/react"
import type { Transaction } from "stelace-effect"
import { DECLINED } from "./process.js"

const statusMessage = (booking: Transaction): string | undefined => {
  switch (booking.status) {
    case "draft":
      return /*i18n*/ "booking.status.draft"
    case "pending-acceptance":
    case "confirmed":
      return /*i18n*/ "booking.status.waiting"
    case "accepted":
    case "pending-payment":
      return /*i18n*/ "booking.status.awaitingPayment"
    case "validated":
      return /*i18n*/ "booking.status.accepted"
    case "completed":
      return /*i18n*/ "booking.status.completed"
    case "cancelled":
      return booking.cancellationReason === DECLINED ? /*i18n*/ "booking.status.declined" : /*i18n*/ "booking.status.cancelled"
    default:
      return undefined
  }
}

/** The status; one of another transaction process as the API names it. */
export const BookingStatus = ({ booking }: { booking: Transaction }) => {
  const { i18n } = useLingui()
  const id = statusMessage(booking)
  return <span className={`badge ${booking.status}`}>{id !== undefined ? i18n._(id) : (booking.status ?? i18n._("booking.status.unknown"))}</span>
}
