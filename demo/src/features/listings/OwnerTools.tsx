/**
 * What an owner can do on their own listing's page: edit it, delete it after confirming in a
 * dialog, and block dates. A listing that active bookings hold cannot be deleted, and the panel
 * says why.
 */
import { useLingui } from "@lingui/react"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { Link, useNavigate } from "@tanstack/react-router"
import { useState } from "react"
import type { Asset } from "stelace-effect"
import { useSession, useStelaceQueries } from "stelace-effect/react"
import { dayToIso, formatPeriod, inputDay } from "../../lib/format.js"
import { type Locale, useLocale } from "../../lib/i18n/index.js"
import { ConfirmDialog } from "../../ui/ConfirmDialog.js"
import { ErrorMessage } from "../../ui/Feedback.js"
import { Field } from "../../ui/Field.js"
import { failure, SubmitButton, notSent, useSubmission } from "../../ui/form.js"
import { memberListingsQuery, useActiveBookings, useBlockedDates } from "./queries.js"

export const OwnerTools = ({ listing }: { listing: Asset }) => {
  const { i18n } = useLingui()
  const active = useActiveBookings(listing.id)
  const [confirming, setConfirming] = useState(false)
  const [refused, setRefused] = useState(false)
  const count = active.data?.length ?? 0

  const askToDelete = async () => {
    // the bookings as they are now, not as they were when the page opened
    const fresh = await active.refetch()
    if ((fresh.data?.length ?? 0) > 0) setRefused(true)
    else if (fresh.isSuccess) setConfirming(true)
  }

  return (
    <section className="owner-tools stack" aria-labelledby="owner-tools-title">
      <h2 id="owner-tools-title">{i18n._("listing.yours")}</h2>
      <div className="actions">
        <Link to="/listings/$id/edit" params={{ id: listing.id }} className="button">{i18n._("owner.edit")}</Link>
        <button type="button" className="danger" onClick={() => void askToDelete()} aria-describedby={count > 0 ? "delete-refused" : undefined}>
          {i18n._("owner.delete")}
        </button>
      </div>
      {active.isError && <ErrorMessage error={active.error} retry={() => void active.refetch()} />}
      {count > 0 && (
        <p id="delete-refused" className="notice" role={refused ? "alert" : undefined}>
          {i18n._("owner.deleteRefused", { count })}
        </p>
      )}
      {confirming && <DeleteDialog listing={listing} onClose={() => setConfirming(false)} />}
      <BlockDates listing={listing} />
    </section>
  )
}

const DAY = 86_400_000

/** The ISO date of the day after a `YYYY-MM-DD` day: an availability's end is excluded. */
const nextDay = (day: string) => new Date(Date.parse(dayToIso(day)) + DAY).toISOString()

/** A blocked period's days, its last day included. */
const lastDayLabel = (locale: Locale, start: string, end: string) => formatPeriod(locale, start, new Date(Date.parse(end) - DAY).toISOString())

/** Days the owner keeps the listing for themselves: an availability of quantity 0 over them. */
const BlockDates = ({ listing }: { listing: Asset }) => {
  const { i18n } = useLingui()
  const locale = useLocale()
  const api = useStelaceQueries()
  const blocked = useBlockedDates(listing.id)
  const [from, setFrom] = useState("")
  const [until, setUntil] = useState("")
  const inOrder = from === "" || until === "" || until >= from
  const block = useMutation(api.availabilities.create.mutationOptions())
  const unblock = useMutation(api.availabilities.remove.mutationOptions())
  const [submission, send, pending] = useSubmission(async () => {
    if (!inOrder) return notSent
    await block.mutateAsync({ assetId: listing.id, startDate: dayToIso(from), endDate: nextDay(until), quantity: 0 })
    setFrom("")
    setUntil("")
  })
  return (
    <form className="stack" aria-labelledby="block-title" onSubmit={send}>
      <h3 id="block-title">{i18n._("owner.blockTitle")}</h3>
      <p className="hint">{i18n._("owner.blockHint")}</p>
      <div className="dates">
        <Field label={i18n._("owner.blockedFrom")}>
          {(control) => <input {...control} type="date" required min={inputDay()} value={from} onChange={(event) => setFrom(event.target.value)} />}
        </Field>
        <Field label={i18n._("owner.blockedUntil")}>
          {(control) => <input {...control} type="date" required min={from || inputDay()} value={until} onChange={(event) => setUntil(event.target.value)} />}
        </Field>
      </div>
      {!inOrder && <p className="error" role="alert">{i18n._("owner.blockOrder")}</p>}
      {submission.status === "failed" && <ErrorMessage error={failure(submission)} action="listing" />}
      <SubmitButton pending={pending} className="secondary" busy={i18n._("owner.blocking")} disabled={!inOrder}>{i18n._("owner.block")}</SubmitButton>
      {(blocked.data ?? []).length > 0 && (
        <ul className="blocked" aria-label={i18n._("owner.blockedDates")}>
          {blocked.data!.map((availability) => {
            const period = lastDayLabel(locale, availability.startDate, availability.endDate)
            return (
              <li key={availability.id}>
                {period}{" "}
                <button type="button" className="link-button" disabled={unblock.isPending} onClick={() => unblock.mutate({ id: availability.id })}>
                  {i18n._("owner.unblock", { period })}
                </button>
              </li>
            )
          })}
        </ul>
      )}
      {unblock.isError && <ErrorMessage error={unblock.error} action="listing" />}
    </form>
  )
}

const DeleteDialog = ({ listing, onClose }: { listing: Asset; onClose: () => void }) => {
  const { i18n } = useLingui()
  const api = useStelaceQueries()
  const { userId } = useSession()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const remove = useMutation(api.assets.remove.mutationOptions({
    // what a removal changes is read again once the listing's page is gone, which would read the
    // listing itself again (a 404)
    invalidates: false,
    onSuccess: async () => {
      // "My listings", where the owner goes next, is read again first, so it never shows the listing
      if (userId !== null) {
        await queryClient.invalidateQueries({ queryKey: memberListingsQuery(api, userId, { activeOnly: false }).queryKey, refetchType: "all" })
      }
      await navigate({ to: "/my-listings" })
      queryClient.removeQueries({ queryKey: api.assets.read.queryKey(listing.id) })
      await api.assets.remove.invalidate(queryClient)
    }
  }))
  return (
    <ConfirmDialog
      title={i18n._("owner.deleteTitle", { name: listing.name })}
      text={<p>{i18n._("owner.deleteText")}</p>}
      confirm={i18n._("owner.confirmDelete")}
      busy={i18n._("owner.deleting")}
      pending={remove.isPending}
      error={remove.error}
      action="listing"
      onConfirm={() => remove.mutate({ id: listing.id })}
      onClose={onClose}
    />
  )
}
