/**
 * What a party can do with a booking: the owner accepts or declines a request, the taker cancels.
 * Declining and cancelling cannot be undone, so each asks first, in a dialog. The buttons name
 * the listing for screen readers (a page may list several bookings), and the outcome is
 * announced, as the buttons go away once it is done.
 */
import { useLingui } from "@lingui/react"
import { useMutation } from "@tanstack/react-query"
import { useId, useState } from "react"
import type { Transaction } from "stelace-effect"
import { useSession, useStelaceQueries } from "stelace-effect/react"
import { BOOKING_CHANGED, useNotify } from "../../lib/live.js"
import { ConfirmDialog } from "../../ui/ConfirmDialog.js"
import { ErrorMessage } from "../../ui/Feedback.js"
import { awaitsOwner, CANCELLED_BY_TAKER, DECLINED, isCancellable } from "./process.js"

/** What a transition came to, by its name or its cancellation reason. */
const outcomes: Readonly<Record<string, string>> = {
  accept: /*i18n*/ "booking.acceptedOutcome",
  [DECLINED]: /*i18n*/ "booking.declinedOutcome",
  [CANCELLED_BY_TAKER]: /*i18n*/ "booking.cancelledOutcome"
}

/** The question each ending asks first. */
const questions = {
  [DECLINED]: { title: /*i18n*/ "booking.declineTitle", text: /*i18n*/ "booking.declineText", confirm: /*i18n*/ "booking.decline" },
  [CANCELLED_BY_TAKER]: { title: /*i18n*/ "booking.cancelTitle", text: /*i18n*/ "booking.cancelText", confirm: /*i18n*/ "booking.cancel" }
} as const

type Ending = keyof typeof questions

export const BookingActions = ({ booking }: { booking: Transaction }) => {
  const { i18n } = useLingui()
  const { userId } = useSession()
  const notify = useNotify()
  const listingId = useId()
  const [asking, setAsking] = useState<Ending>()
  const other = booking.ownerId === userId ? booking.takerId : booking.ownerId
  // invalidates the user's bookings, and the listings' availability
  const transition = useMutation(useStelaceQueries().transactions.createTransition.mutationOptions({
    onSuccess: () => {
      setAsking(undefined)
      notify(other, BOOKING_CHANGED, booking.id)
    }
  }))
  const decide = booking.ownerId === userId && awaitsOwner(booking)
  const cancel = booking.takerId === userId && isCancellable(booking)
  if (!decide && !cancel && transition.isIdle) return null

  const run = (name: "accept" | "cancel", reason?: Ending) =>
    transition.mutate({ id: booking.id, input: { name, ...(reason ? { data: { cancellationReason: reason } } : {}) } })
  const variables = transition.variables?.input
  const outcome = variables && outcomes[String(variables.data?.cancellationReason ?? variables.name)]
  const name = booking.assetSnapshot.name ?? i18n._("booking.thisListing")
  const described = { "aria-describedby": listingId, disabled: transition.isPending }
  const question = asking === undefined ? undefined : questions[asking]
  return (
    <div className="actions">
      <span id={listingId} hidden>{name}</span>
      {decide && (
        <>
          <button type="button" {...described} onClick={() => run("accept")}>{i18n._("booking.accept")}</button>
          <button type="button" className="secondary" {...described} onClick={() => setAsking(DECLINED)}>{i18n._("booking.decline")}</button>
        </>
      )}
      {cancel && <button type="button" className="secondary" {...described} onClick={() => setAsking(CANCELLED_BY_TAKER)}>{i18n._("booking.cancel")}</button>}
      <p role="status" className="muted">{transition.isPending ? i18n._("common.saving") : transition.isSuccess && outcome ? i18n._(outcome) : ""}</p>
      {transition.isError && asking === undefined && <ErrorMessage error={transition.error} action="transition" />}
      {question !== undefined && asking !== undefined && (
        <ConfirmDialog
          title={i18n._(question.title, { name })}
          text={<p>{i18n._(question.text)}</p>}
          confirm={i18n._(question.confirm)}
          busy={i18n._("common.saving")}
          pending={transition.isPending}
          error={transition.error}
          action="transition"
          onConfirm={() => run("cancel", asking)}
          onClose={() => {
            setAsking(undefined)
            transition.reset()
          }}
        />
      )}
    </div>
  )
}
