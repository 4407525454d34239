/** Log in, then back to where the visitor was going (`?next=`). */
import { Trans, useLingui } from "@lingui/react"
import { Link, useRouter, useSearch } from "@tanstack/react-router"
import { useSession } from "stelace-effect/react"
import { LoginForm } from "./LoginForm.js"
import { appPath } from "./paths.js"

const demoUsers = ["alice", "bruno", "chloe", "david"]

export const LoginPage = () => {
  const { i18n } = useLingui()
  const search = useSearch({ from: "/login" })
  const router = useRouter()
  const { status } = useSession()
  // only a path of this app, never another site
  const next = appPath(search.next)
  return (
    <section className="narrow">
      <h1 tabIndex={-1}>{i18n._("layout.logIn")}</h1>
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
