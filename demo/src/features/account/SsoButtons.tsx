/**
 * One "Log in with {provider}" button per provider the app offers, for the login and sign-up
 * pages (a first login through a provider creates the account); what the login page says about a
 * login through one, and what the page a logout through one ends on says about it.
 */
import { useLingui } from "@lingui/react"
import { useLocation } from "@tanstack/react-router"
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
  codeInvalid: /*i18n*/ "account.ssoCodeInvalid",
  notStarted: /*i18n*/ "account.ssoNotStarted"
}

/** The name of the provider of a status, as people know it. */
const useProviderName = (id: string | undefined): string => {
  const { i18n } = useLingui()
  const { sso } = useSingleSignOn()
  return sso?.provider(id)?.name ?? i18n._("account.ssoSomeProvider")
}

/** What the login page says of a login through a provider: in progress, or why it failed. */
export const SsoStatusMessage = ({ status }: { readonly status: SsoStatus }) => {
  const { i18n } = useLingui()
  const provider = useProviderName(status._tag === "Idle" ? undefined : status.provider)
  if (status._tag === "LoggingIn") return <p className="loading" role="status">{i18n._("account.ssoLoggingIn", { provider })}</p>
  if (status._tag !== "Failed") return null
  const sentence = status.problem === "other" ? describeError(status.error, "login") : { id: problems[status.problem], values: { provider } }
  return <div className="error" role="alert"><p>{i18n._(sentence.id, sentence.values)}</p></div>
}

/**
 * What a logout through a provider came to, on the page it ended on (the API's `afterLogoutUrl`, or
 * the home page): said once, gone when the visitor goes elsewhere.
 */
export const SsoLogoutNotice = () => {
  const { i18n } = useLingui()
  const { sso, status } = useSingleSignOn()
  const path = useLocation({ select: (location) => location.pathname })
  const [seen, setSeen] = useState(false)
  const at = status._tag === "LoggedOut" ? status.at : undefined
  useEffect(() => {
    if (at === undefined) return setSeen(false)
    if (path === at) setSeen(true)
    else if (seen) sso?.dismiss("LoggedOut")
  }, [at, path, seen, sso])
  const provider = useProviderName(status._tag === "LoggedOut" ? status.provider : undefined)
  if (status._tag !== "LoggedOut" || path !== status.at) return null
  return (
    <p className="outcome notice" role="status">
      {status.everywhere ? i18n._("account.ssoLoggedOut", { provider }) : i18n._("account.ssoLoggedOutHere", { provider })}
    </p>
  )
}
