import { skipToken, useQuery } from "@tanstack/react-query"
import { useActionState } from "react"
import { ServerError } from "stelace-effect"
import { useSession, useStelaceQueries } from "stelace-effect/react"

/** The categories, for everyone; a member's own listings once they log in. */
export function App() {
  const session = useSession()
  return (
    <main>
      <h1>Stelace with React</h1>
      <Categories />
      {session.status === "authenticated" ? <MyListings userId={session.userId!} /> : <LogIn />}
    </main>
  )
}

function Categories() {
  const api = useStelaceQueries()
  const categories = useQuery(api.categories.list.queryOptions())
  if (categories.isPending) return <p>Loading the categories…</p>
  if (categories.isError) return <p role="alert">The categories could not be loaded: {categories.error.message}</p>
  return (
    <section aria-label="Categories">
      <h2>Categories</h2>
      <ul>{categories.data.results.map((category) => <li key={category.id}>{category.name}</li>)}</ul>
    </section>
  )
}

function LogIn() {
  const { login, status } = useSession()
  const [error, submit, pending] = useActionState(async (_previous: string | null, form: FormData) => {
    try {
      await login({ username: String(form.get("username")), password: String(form.get("password")) })
      return null
    } catch (error) {
      return error instanceof ServerError ? "This email and password don't match an account." : "The server cannot be reached."
    }
  }, null)
  return (
    <form action={submit}>
      <h2>Log in</h2>
      {status === "expired" && <p>Your session expired: please log in again.</p>}
      <label>Email <input name="username" type="email" defaultValue="alice@example.com" /></label>
      <label>Password <input name="password" type="password" defaultValue="alice-password" /></label>
      <button disabled={pending}>Log in</button>
      {error && <p role="alert">{error}</p>}
    </form>
  )
}

function MyListings({ userId }: { readonly userId: string }) {
  const { logout } = useSession()
  const api = useStelaceQueries()
  const me = useQuery(api.users.read.queryOptions(userId))
  const listings = useQuery(api.assets.list.queryOptions(me.data ? { ownerId: me.data.id } : skipToken))
  return (
    <section aria-label="My listings">
      <h2>Logged in as {me.data?.displayName ?? "…"}</h2>
      <button onClick={logout}>Log out</button>
      <ul>
        {listings.data?.results.map((asset) => (
          <li key={asset.id}>{asset.name}: {asset.price} {asset.currency}</li>
        ))}
      </ul>
    </section>
  )
}
