/**
 * What an owner can do on their own listing's page: edit it, or delete it after confirming in a
 * dialog. A listing that active bookings hold cannot be deleted, and the panel says why.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useNavigate } from "@tanstack/react-router"
import { useEffect, useRef, useState } from "react"
import type { Asset } from "stelace-effect"
import { useStelaceQueries } from "stelace-effect/react"
import { plural } from "../format.js"
import { useActiveBookings } from "../queries.js"
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
    </section>
  )
}

const DeleteDialog = ({ listing, onClose }: { listing: Asset; onClose: () => void }) => {
  const dialog = useRef<HTMLDialogElement>(null)
  const api = useStelaceQueries()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const remove = useMutation(api.assets.remove.mutationOptions({
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: api.assets.read.queryKey(listing.id) })
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
