/**
 * What a party can do with a booking: the owner accepts or declines a request, the taker cancels.
 * The buttons name the listing for screen readers (a page may list several bookings), and the
 * outcome is announced, as the buttons go away once it is done.
 */
import { useMutation } from "@tanstack/react-query"
import type { Transaction } from "stelace-effect"
import { useSession, useStelaceQueries } from "stelace-effect/react"
import { awaitsOwner, CANCELLED_BY_TAKER, DECLINED, isCancellable } from "../booking.js"
import { BOOKING_CHANGED, useNotify } from "../live.js"
import { ErrorMessage } from "./Feedback.js"
import { type MessageId, useT } from "../i18n/index.js"

const outcomes: Readonly<Record<string, MessageId>> = {
  accept: "booking.acceptedOutcome",
  [DECLINED]: "booking.declinedOutcome",
  [CANCELLED_BY_TAKER]: "booking.cancelledOutcome"
}

export const BookingActions = ({ booking }: { booking: Transaction }) => {
  const t = useT()
  const { userId } = useSession()
  // invalidates the transactions, and the listings' availability, of the current user
  const notify = useNotify()
  const other = booking.ownerId === userId ? booking.takerId : booking.ownerId
  const transition = useMutation(useStelaceQueries().transactions.createTransition.mutationOptions({
    onSuccess: () => notify(other, BOOKING_CHANGED, booking.id)
  }))
  const decide = booking.ownerId === userId && awaitsOwner(booking)
  const cancel = booking.takerId === userId && isCancellable(booking)
  if (!decide && !cancel && transition.isIdle) return null

  const run = (name: "accept" | "cancel", reason?: string) =>
    transition.mutate({ id: booking.id, input: { name, ...(reason ? { data: { cancellationReason: reason } } : {}) } })
  const variables = transition.variables?.input
  const outcome = variables && outcomes[String(variables.data?.cancellationReason ?? variables.name)]
  const described = { "aria-describedby": `listing-${booking.id}`, disabled: transition.isPending }
  return (
    <div className="actions">
      <span id={`listing-${booking.id}`} hidden>{booking.assetSnapshot.name ?? t("booking.thisListing")}</span>
      {decide && (
        <>
          <button type="button" {...described} onClick={() => run("accept")}>{t("booking.accept")}</button>
          <button type="button" className="secondary" {...described} onClick={() => run("cancel", DECLINED)}>{t("booking.decline")}</button>
        </>
      )}
      {cancel && <button type="button" className="secondary" {...described} onClick={() => run("cancel", CANCELLED_BY_TAKER)}>{t("booking.cancel")}</button>}
      <p role="status" className="muted">{transition.isPending ? t("common.saving") : transition.isSuccess && outcome ? t(outcome) : ""}</p>
      {transition.isError && <ErrorMessage error={transition.error} action="transition" />}
    </div>
  )
}
