/**
 * How every form of the app is sent: a React action (`useActionState`, through `useSubmission`)
 * that runs the form's work (a mutation's `mutateAsync`, or a few chained calls) and keeps what it
 * came to. The form shows a failure with `ErrorMessage`, and its submit button (`SubmitButton`)
 * says it is busy meanwhile.
 *
 * The action is dispatched from the form's `onSubmit` rather than given as its `action`: React
 * resets a form after its action, which would put a controlled `<select>` back on its first option
 * while its state kept the choice (and the browser would then refuse to send a required one).
 */
import { useLingui } from "@lingui/react"
import { type FormEvent, type ReactNode, startTransition, useActionState } from "react"

/** What a form's last submission came to. */
export type Submission<R> =
  | { readonly status: "idle" }
  | { readonly status: "done"; readonly result: R }
  | { readonly status: "failed"; readonly error: unknown }

const idle = { status: "idle" } as const

/** What `submit` returns when it sent nothing (the form found a problem itself, and shows it): no outcome then. */
export const notSent: unique symbol = Symbol("notSent")

/**
 * The form's last outcome, its `onSubmit`, and whether it is being sent: `[submission, onSubmit,
 * pending]`. `submit` gets the form's data; what it returns is the outcome's `result`, what it
 * throws its `error`, and `notSent` leaves no outcome (the last one's failure no longer shows).
 */
export const useSubmission = <R,>(submit: (form: FormData) => Promise<R | typeof notSent>) => {
  const [submission, dispatch, pending] = useActionState(async (_previous: Submission<R>, form: FormData): Promise<Submission<R>> => {
    try {
      const result = await submit(form)
      return result === notSent ? idle : { status: "done", result }
    } catch (error) {
      return { status: "failed", error }
    }
  }, idle)
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    startTransition(() => dispatch(form))
  }
  return [submission, onSubmit, pending] as const
}

/** The form's failure, if its last submission failed. */
export const failure = (submission: Submission<unknown>): unknown => (submission.status === "failed" ? submission.error : undefined)

/** A form's submit button: `busy` in place of its text, and disabled, while the form is being sent (`pending`). */
export const SubmitButton = ({ children, busy, pending, disabled = false, className }: {
  readonly children: ReactNode
  readonly busy?: ReactNode
  readonly pending: boolean
  readonly disabled?: boolean
  readonly className?: string
}) => {
  const { i18n } = useLingui()
  return (
    <button type="submit" className={className} disabled={pending || disabled}>
      {pending ? (busy ?? i18n._("common.saving")) : children}
    </button>
  )
}
