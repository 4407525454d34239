/**
 * What a party can do with a booking: the owner accepts or declines a request, the taker cancels.
 * The buttons name the listing for screen readers, as a page may list several bookings.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query"
import type { Transaction } from "stelace-effect"
import { useSession, useStelace } from "stelace-effect/react"
import { awaitsOwner, CANCELLED_BY_TAKER, DECLINED, isCancellable } from "../booking.js"
import { ErrorMessage } from "./Feedback.js"

const useTransition = (booking: Transaction) => {
  const client = useStelace()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ name, reason }: { name: "accept" | "cancel"; reason?: string }) =>
      client.transactions.createTransition(booking.id, { name, ...(reason ? { data: { cancellationReason: reason } } : {}) }),
    onSuccess: (updated) => {
      queryClient.setQueryData(["transactions", booking.id], updated)
      void queryClient.invalidateQueries({ queryKey: ["transactions"] })
      if (booking.assetId) void queryClient.invalidateQueries({ queryKey: ["assets", booking.assetId] })
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ["transactions", booking.id] })
  })
}

export const BookingActions = ({ booking }: { booking: Transaction }) => {
  const { userId } = useSession()
  const transition = useTransition(booking)
  const isOwner = booking.ownerId === userId
  const isTaker = booking.takerId === userId
  const listing = booking.assetSnapshot.name ?? "this listing"
  const buttons = []
  if (isOwner && awaitsOwner(booking)) {
    buttons.push(
      <button key="accept" type="button" aria-describedby={`listing-${booking.id}`} onClick={() => transition.mutate({ name: "accept" })}>
        Accept
      </button>,
      <button key="decline" type="button" className="secondary" aria-describedby={`listing-${booking.id}`} onClick={() => transition.mutate({ name: "cancel", reason: DECLINED })}>
        Decline
      </button>
    )
  }
  if (isTaker && isCancellable(booking)) {
    buttons.push(
      <button key="cancel" type="button" className="secondary" aria-describedby={`listing-${booking.id}`} onClick={() => transition.mutate({ name: "cancel", reason: CANCELLED_BY_TAKER })}>
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
