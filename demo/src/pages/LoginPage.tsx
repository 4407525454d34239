/** Log in, then back to where the visitor was going (`?next=`). */
import { useSession } from "stelace-effect/react"
import { LoginForm } from "../components/LoginForm.js"
import { Link, useRouter, useSearch } from "@tanstack/react-router"
import { appPath } from "../paths.js"

const demoUsers = ["alice", "bruno", "chloe", "david"]

export const LoginPage = () => {
  const search = useSearch({ from: "/login" })
  const router = useRouter()
  const { status } = useSession()
  // only a path of this app, never another site
  const next = appPath(search.next)
  return (
    <section className="narrow">
      <h1 tabIndex={-1}>Log in</h1>
      {status === "authenticated" && <p role="status">You're logged in. <a
            href={next}
            onClick={(event) => {
              // a new tab or window on modified clicks, as any link
              if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
              event.preventDefault()
              router.history.push(next)
            }}
          >
            Continue
          </a></p>}
      <LoginForm onLoggedIn={() => router.history.replace(next)} />
      <p>New here? <Link to="/signup">Create an account</Link>.</p>
      <aside className="hint-box" aria-labelledby="demo-accounts">
        <h2 id="demo-accounts">Demo accounts</h2>
        <p>Alice and Bruno rent out their things; Chloé and David rent them. The password is the name followed by <code>-password</code>.</p>
        <ul>{demoUsers.map((name) => <li key={name}><code>{name}@example.com</code> / <code>{name}-password</code></li>)}</ul>
      </aside>
    </section>
  )
}
