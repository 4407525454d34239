/**
 * What an owner can do on their own listing's page: edit it, or delete it after confirming in a
 * dialog. A listing that active bookings hold cannot be deleted, and the panel says why.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useNavigate } from "@tanstack/react-router"
import { type FormEvent, useEffect, useRef, useState } from "react"
import type { Asset } from "stelace-effect"
import { useStelaceQueries } from "stelace-effect/react"
import { dayToIso, formatPeriod, inputDay, plural } from "../format.js"
import { useActiveBookings, useBlockedDates } from "../queries.js"
import { ErrorMessage } from "./Feedback.js"

export const OwnerTools = ({ listing }: { listing: Asset }) => {
  const navigate = useNavigate()
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
      <h2 id="owner-tools-title">Your listing</h2>
      <div className="actions">
        <button type="button" onClick={() => void navigate({ to: "/listings/$id/edit", params: { id: listing.id } })}>Edit listing</button>
        <button type="button" className="danger" onClick={() => void askToDelete()} aria-describedby={count > 0 ? "delete-refused" : undefined}>
          Delete listing
        </button>
      </div>
      {active.isError && <ErrorMessage error={active.error} retry={() => void active.refetch()} />}
      {count > 0 && (
        <p id="delete-refused" className="notice" role={refused ? "alert" : undefined}>
          This listing can't be deleted while it has {plural(count, "active booking")}: the people who booked it count on it.
          Decline or cancel {count === 1 ? "that booking" : "those bookings"} under My requests, or wait until {count === 1 ? "it ends" : "they end"}.
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
const lastDayLabel = (start: string, end: string) => formatPeriod(start, new Date(Date.parse(end) - DAY).toISOString())

/** Days the owner keeps the listing for themselves: an availability of quantity 0 over them. */
const BlockDates = ({ listing }: { listing: Asset }) => {
  const api = useStelaceQueries()
  const blocked = useBlockedDates(listing.id)
  const [from, setFrom] = useState("")
  const [until, setUntil] = useState("")
  const inOrder = from === "" || until === "" || until >= from
  const block = useMutation(api.availabilities.create.mutationOptions({
    onSuccess: () => {
      setFrom("")
      setUntil("")
    }
  }))
  const unblock = useMutation(api.availabilities.remove.mutationOptions())
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (inOrder) block.mutate({ assetId: listing.id, startDate: dayToIso(from), endDate: nextDay(until), quantity: 0 })
  }
  return (
    <form className="stack" aria-labelledby="block-title" onSubmit={submit}>
      <h3 id="block-title">Block dates</h3>
      <p className="hint">Nobody can book the listing on these days, both included.</p>
      <div className="dates">
        <div className="field">
          <label htmlFor="block-from">Blocked from</label>
          <input id="block-from" type="date" required min={inputDay()} value={from} onChange={(event) => setFrom(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="block-until">Blocked until</label>
          <input id="block-until" type="date" required min={from || inputDay()} value={until} onChange={(event) => setUntil(event.target.value)} />
        </div>
      </div>
      {!inOrder && <p className="error" role="alert">The last day cannot be before the first.</p>}
      {block.isError && <ErrorMessage error={block.error} action="listing" />}
      <button type="submit" className="secondary" disabled={block.isPending || !inOrder}>{block.isPending ? "Blocking…" : "Block these dates"}</button>
      {(blocked.data ?? []).length > 0 && (
        <ul className="blocked" aria-label="Blocked dates">
          {blocked.data!.map((availability) => (
            <li key={availability.id}>
              {lastDayLabel(availability.startDate, availability.endDate)}{" "}
              <button type="button" className="link-button" disabled={unblock.isPending} onClick={() => unblock.mutate({ id: availability.id })}>
                Unblock {lastDayLabel(availability.startDate, availability.endDate)}
              </button>
            </li>
          ))}
        </ul>
      )}
      {unblock.isError && <ErrorMessage error={unblock.error} action="listing" />}
    </form>
  )
}

/** A cached page of assets (or pages of an infinite list) without the listing `id`. */
const withoutListing = (data: unknown, id: string): unknown => {
  if (typeof data !== "object" || data === null) return data
  if ("pages" in data && Array.isArray(data.pages)) return { ...data, pages: data.pages.map((page: unknown) => withoutListing(page, id)) }
  if ("results" in data && Array.isArray(data.results)) {
    return { ...data, results: data.results.filter((asset: { readonly id?: unknown }) => asset.id !== id) }
  }
  return data
}

const DeleteDialog = ({ listing, onClose }: { listing: Asset; onClose: () => void }) => {
  const dialog = useRef<HTMLDialogElement>(null)
  const api = useStelaceQueries()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const remove = useMutation(api.assets.remove.mutationOptions({
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: api.assets.read.queryKey(listing.id) })
      // the lists read before keep it until they refetch: take it out, so "My listings" never shows it again
      queryClient.setQueriesData({ queryKey: api.assets.queryKey() }, (data: unknown) => withoutListing(data, listing.id))
      void navigate({ to: "/my-listings" })
    }
  }))
  useEffect(() => {
    const element = dialog.current
    element?.showModal()
    return () => element?.close()
  }, [])
  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby="delete-title"
      aria-describedby="delete-text"
      // Escape closes it as Cancel does; the effect's own close (on unmount) must not set state
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
    >
      <h2 id="delete-title">Delete {listing.name}?</h2>
      <p id="delete-text">The listing disappears from the marketplace for good. Past bookings keep their details.</p>
      {remove.isError && <ErrorMessage error={remove.error} action="listing" />}
      <div className="actions">
        <button type="button" className="danger" disabled={remove.isPending} onClick={() => remove.mutate({ id: listing.id })}>
          {remove.isPending ? "Deleting…" : "Delete"}
        </button>
        <button type="button" className="secondary" onClick={onClose}>Cancel</button>
      </div>
    </dialog>
  )
}
