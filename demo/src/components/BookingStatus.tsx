/** A booking's status as its parties read it, as a badge. */
import type { Transaction } from "stelace-effect"
import { DECLINED } from "../booking.js"
import { type MessageId, useT } from "../i18n/index.js"

const statusMessage = (booking: Transaction): MessageId | undefined => {
  switch (booking.status) {
    case "draft":
      return "booking.status.draft"
    case "pending-acceptance":
    case "confirmed":
      return "booking.status.waiting"
    case "accepted":
    case "pending-payment":
      return "booking.status.awaitingPayment"
    case "validated":
      return "booking.status.accepted"
    case "completed":
      return "booking.status.completed"
    case "cancelled":
      return booking.cancellationReason === DECLINED ? "booking.status.declined" : "booking.status.cancelled"
    default:
      return undefined
  }
}

/** The status; one of another transaction process as the API names it. */
export const BookingStatus = ({ booking }: { booking: Transaction }) => {
  const t = useT()
  const id = statusMessage(booking)
  return <span className={`badge ${booking.status}`}>{id !== undefined ? t(id) : (booking.status ?? t("booking.status.unknown"))}</span>
}
