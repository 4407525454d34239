/**
 * Log in, with an email and password or through a provider, then back to where the visitor was
 * going (`?next=`). A provider's login comes back here too: the page trades its code for the
 * session, or says what went wrong.
 */
import { Trans, useLingui } from "@lingui/react"
import { Link, useRouter, useSearch } from "@tanstack/react-router"
import { useEffect } from "react"
import { useSession, useStelace } from "stelace-effect/react"
import { LoginForm } from "./LoginForm.js"
import { appPath } from "./paths.js"
import { useSingleSignOn } from "./singleSignOn.js"
import { SsoButtons, SsoStatusMessage } from "./SsoButtons.js"

const demoUsers = ["alice", "bruno", "chloe", "david"]

export const LoginPage = () => {
  const { i18n } = useLingui()
  const search = useSearch({ from: "/login" })
  const router = useRouter()
  const client = useStelace()
  const { status, loginWithCode } = useSession()
  const single = useSingleSignOn()
  const sso = single.sso
  // only a path of this app, never another site
  const next = appPath(search.next)
  // back from a provider: the code for the session, once; then where the visitor was going
  useEffect(() => {
    if (sso === undefined) return
    void sso.finish(loginWithCode, () => client.auth.info().userId).then((path) => {
      if (path !== undefined) router.history.replace(path)
    })
  }, [sso, loginWithCode, client, router])
  // what the page said of a provider's login is not said again on a later visit
  useEffect(() => router.subscribe("onBeforeNavigate", ({ toLocation }) => {
    if (toLocation.pathname !== "/login") sso?.dismiss("Failed")
  }), [router, sso])
  if (single.status._tag === "LoggingIn") {
    return (
      <section className="narrow">
        <h1 tabIndex={-1}>{i18n._("layout.logIn")}</h1>
        <SsoStatusMessage status={single.status} />
      </section>
    )
  }
  return (
    <section className="narrow">
      <h1 tabIndex={-1}>{i18n._("layout.logIn")}</h1>
      <SsoStatusMessage status={single.status} />
      {status === "authenticated" && (
        <p role="status">
          <Trans
            id="account.loggedIn"
            components={{
              0: (
                // biome-ignore lint/a11y/useAnchorContent: the message's <0>Continue</0> is the link's text
                <a
                  href={next}
                  onClick={(event) => {
                    // a new tab or window on modified clicks, as any link
                    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
                    event.preventDefault()
                    router.history.push(next)
                  }}
                />
              )
            }}
          />
        </p>
      )}
      {status !== "authenticated" && <SsoButtons next={next} />}
      <LoginForm onLoggedIn={() => router.history.replace(next)} />
      <p><Link to="/forgot-password">{i18n._("account.forgotPassword")}</Link></p>
      <p><Trans id="common.newHere" components={{ 0: <Link to="/signup" /> }} /></p>
      <aside className="hint-box" aria-labelledby="demo-accounts">
        <h2 id="demo-accounts">{i18n._("account.demoAccounts")}</h2>
        <p><Trans id="account.demoHint" components={{ 0: <code /> }} /></p>
        <ul>{demoUsers.map((name) => <li key={name}><code>{name}@example.com</code> / <code>{name}-password</code></li>)}</ul>
      </aside>
    </section>
  )
}
