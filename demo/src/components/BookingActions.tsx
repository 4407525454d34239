/**
 * What a party can do with a booking: the owner accepts or declines a request, the taker cancels.
 * The buttons name the listing for screen readers, as a page may list several bookings.
 */
import { useMutation } from "@tanstack/react-query"
import type { Transaction } from "stelace-effect"
import { useSession, useStelaceQueries } from "stelace-effect/react"
import { awaitsOwner, CANCELLED_BY_TAKER, DECLINED, isCancellable } from "../booking.js"
import { ErrorMessage } from "./Feedback.js"

export const BookingActions = ({ booking }: { booking: Transaction }) => {
  const { userId } = useSession()
  // invalidates the transactions, and the listings' availability, of the current user
  const transition = useMutation(useStelaceQueries().transactions.createTransition.mutationOptions())
  const run = (name: "accept" | "cancel", reason?: string) =>
    transition.mutate({ id: booking.id, input: { name, ...(reason ? { data: { cancellationReason: reason } } : {}) } })
  const isOwner = booking.ownerId === userId
  const isTaker = booking.takerId === userId
  const listing = booking.assetSnapshot.name ?? "this listing"
  const buttons = []
  if (isOwner && awaitsOwner(booking)) {
    buttons.push(
      <button key="accept" type="button" aria-describedby={`listing-${booking.id}`} onClick={() => run("accept")}>
        Accept
      </button>,
      <button key="decline" type="button" className="secondary" aria-describedby={`listing-${booking.id}`} onClick={() => run("cancel", DECLINED)}>
        Decline
      </button>
    )
  }
  if (isTaker && isCancellable(booking)) {
    buttons.push(
      <button key="cancel" type="button" className="secondary" aria-describedby={`listing-${booking.id}`} onClick={() => run("cancel", CANCELLED_BY_TAKER)}>
        Cancel booking
      </button>
    )
  }
  if (buttons.length === 0 && !transition.isError) return null
  return (
    <div className="actions">
      <span id={`listing-${booking.id}`} hidden>{listing}</span>
      {transition.isPending ? <p role="status">Saving…</p> : buttons}
      {transition.isError && <ErrorMessage error={transition.error} action="transition" />}
    </div>
  )
}
