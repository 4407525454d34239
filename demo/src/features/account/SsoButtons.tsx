/**
 * One "Log in with {provider}" button per provider the app offers, for the login and sign-up
 * pages (a first login through a provider creates the account), and what the login page says
 * about a login or logout through one.
 */
import { useLingui } from "@lingui/react"
import { useEffect, useState } from "react"
import { useStelace } from "stelace-effect/react"
import { describeError } from "../../lib/errors.js"
import { type SsoProblem, type SsoStatus, useSingleSignOn } from "./singleSignOn.js"

/** The buttons; after a login, the browser comes back to `next` (a path of this app). */
export const SsoButtons = ({ next }: { readonly next: string }) => {
  const { i18n } = useLingui()
  const { sso } = useSingleSignOn()
  const client = useStelace()
  const [leaving, setLeaving] = useState<string>()
  // back from the provider's page with the browser's Back button, this page may be the one left
  // (the back-forward cache): its buttons work again
  useEffect(() => {
    const shown = (event: PageTransitionEvent) => event.persisted && setLeaving(undefined)
    window.addEventListener("pageshow", shown)
    return () => window.removeEventListener("pageshow", shown)
  }, [])
  if (sso === undefined || sso.providers.length === 0) return null
  return (
    <div className="sso-buttons">
      {sso.providers.map((provider) => (
        <button
          key={provider.id}
          type="button"
          className="secondary"
          disabled={leaving !== undefined}
          onClick={() => {
            setLeaving(provider.id)
            sso.dismiss()
            sso.start(client, provider, next)
          }}
        >
          {leaving === provider.id
            ? i18n._("account.ssoLeaving", { provider: provider.name })
            : i18n._("account.ssoLogIn", { provider: provider.name })}
        </button>
      ))}
      <p className="divider">{i18n._("account.ssoOr")}</p>
    </div>
  )
}

const problems: Record<Exclude<SsoProblem, "other">, string> = {
  cancelled: /*i18n*/ "account.ssoCancelled",
  provider: /*i18n*/ "account.ssoProviderError",
  server: /*i18n*/ "account.ssoServerError",
  codeExpired: /*i18n*/ "account.ssoCodeExpired",
  codeUsed: /*i18n*/ "account.ssoCodeUsed",
  codeInvalid: /*i18n*/ "account.ssoCodeInvalid"
}

/** What the login page says of a login or logout through a provider: in progress, failed, done. */
export const SsoStatusMessage = ({ status }: { readonly status: SsoStatus }) => {
  const { i18n } = useLingui()
  const { sso } = useSingleSignOn()
  if (status._tag === "Idle") return null
  const provider = sso?.provider(status.provider)?.name ?? i18n._("account.ssoSomeProvider")
  switch (status._tag) {
    case "LoggingIn":
      return <p className="loading" role="status">{i18n._("account.ssoLoggingIn", { provider })}</p>
    case "LoggedOut":
      return (
        <p className="outcome" role="status">
          {status.everywhere ? i18n._("account.ssoLoggedOut", { provider }) : i18n._("account.ssoLoggedOutHere", { provider })}
        </p>
      )
    case "Failed": {
      const sentence = status.problem === "other" ? describeError(status.error, "login") : { id: problems[status.problem], values: { provider } }
      return <div className="error" role="alert"><p>{i18n._(sentence.id, sentence.values)}</p></div>
    }
  }
}
