// @vitest-environment happy-dom
/**
 * `StelaceProvider`, `useStelace`, `useSession` and `useSessionEvent`: what renders as the session
 * goes through login, refresh, expiry, logout and changes made in another tab.
 */
import { act, render, screen, waitFor } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { ServerError, SessionExpired, TokenStore } from "../../src/index.js"
import { StelaceProvider, useSession, useSessionEvent, useStelace } from "../../src/react/index.js"
import { credentials, demo, renderWith, useBackend } from "./support.js"

const { client, backend } = useBackend()

function SessionView() {
  const session = useSession()
  return (
    <p data-testid="session">
      {session.status} {session.userId ?? "nobody"} [{session.roles.join(",")}] org={session.organizationId ?? "none"}
      {session.expired ? " expired" : ""}
    </p>
  )
}

const shown = () => screen.getByTestId("session").textContent

describe("StelaceProvider and useStelace", () => {
  it("gives the components below it the provider's client", () => {
    const stelace = client()
    let seen: unknown
    function Probe() {
      seen = useStelace()
      return null
    }
    renderWith(stelace, <Probe />)
    expect(seen).toBe(stelace)
  })

  it("throws outside a provider, naming the hook and the provider", () => {
    function Probe() {
      useSession()
      return null
    }
    expect(() => render(<Probe />)).toThrow("useSession() must be called inside <StelaceProvider client={createInstance(...)}>")
  })

  it("holds one client per provider, so one page can use several", async () => {
    const first = client()
    const second = client()
    await second.auth.login(credentials("bruno"))
    render(
      <>
        <StelaceProvider client={first}><div data-testid="first"><SessionView /></div></StelaceProvider>
        <StelaceProvider client={second}><div data-testid="second"><SessionView /></div></StelaceProvider>
      </>
    )
    expect(screen.getByTestId("first").textContent).toContain("anonymous nobody")
    expect(screen.getByTestId("second").textContent).toContain(`authenticated ${demo.users.bruno.id}`)
  })
})

describe("useSession", () => {
  it("is anonymous before any login", () => {
    renderWith(client(), <SessionView />)
    expect(shown()).toBe("anonymous nobody [] org=none")
  })

  it("re-renders with the user and roles after login", async () => {
    const stelace = client()
    let login: ReturnType<typeof useSession>["login"] | undefined
    function LoginButton() {
      login = useSession().login
      return null
    }
    renderWith(stelace, <><SessionView /><LoginButton /></>)
    await act(() => login!(credentials("alice")))
    expect(shown()).toBe(`authenticated ${demo.users.alice.id} [user,provider] org=none`)
  })

  it("re-renders anonymous after logout", async () => {
    const stelace = client()
    await stelace.auth.login(credentials("alice"))
    let logout: (() => Promise<void>) | undefined
    function LogoutButton() {
      logout = useSession().logout
      return null
    }
    renderWith(stelace, <><SessionView /><LogoutButton /></>)
    expect(shown()).toContain("authenticated")
    await act(() => logout!())
    expect(shown()).toBe("anonymous nobody [] org=none")
  })

  it("login rejects with the SDK's ServerError on wrong credentials and the session stays anonymous", async () => {
    const stelace = client()
    let login: ReturnType<typeof useSession>["login"] | undefined
    function LoginButton() {
      login = useSession().login
      return null
    }
    renderWith(stelace, <><SessionView /><LoginButton /></>)
    const error = await login!({ username: demo.users.alice.username, password: "wrong" }).catch((e) => e)
    expect(error).toBeInstanceOf(ServerError)
    expect(error.statusCode).toBe(403)
    expect(shown()).toBe("anonymous nobody [] org=none")
  })

  it("keeps login and logout the same functions across session changes", async () => {
    const stelace = client()
    const seen: Array<unknown> = []
    function Probe() {
      const { login, logout } = useSession()
      seen.push(login, logout)
      return null
    }
    renderWith(stelace, <Probe />)
    await act(() => stelace.auth.login(credentials("alice")))
    expect(new Set(seen).size).toBe(2)
  })

  it("re-renders with the new expiry after a token refresh", async () => {
    // a margin longer than the token's life: every call refreshes first
    const stelace = client({ refreshMargin: 2 * 3600_000 })
    await stelace.auth.login(credentials("alice"))
    function Expiry() {
      return <p data-testid="expiry">{useSession().expiresAt}</p>
    }
    renderWith(stelace, <Expiry />)
    const before = Number(screen.getByTestId("expiry").textContent)
    // tokens carry their expiry in whole seconds: refresh in a later second to get a later one
    await new Promise((resolve) => setTimeout(resolve, 1100))
    await act(() => stelace.categories.list())
    expect(Number(screen.getByTestId("expiry").textContent)).toBeGreaterThan(before)
  })

  it("re-renders with the organization set by setOrganizationId", () => {
    const stelace = client()
    renderWith(stelace, <SessionView />)
    act(() => stelace.setOrganizationId(demo.organizations.lyonRentals))
    expect(shown()).toBe(`anonymous nobody [] org=${demo.organizations.lyonRentals}`)
  })
})

describe("expiry", () => {
  const expireSession = async (stelace: ReturnType<typeof client>) => {
    const tokens = stelace.getTokenStore().getTokens() as { refreshToken: string }
    await backend().revoke(tokens.refreshToken)
    // two calls wait on the same refused refresh: the expiry is still announced once
    return Promise.allSettled([stelace.categories.list(), stelace.assets.list()])
  }
  it("re-renders expired, still as the user it was about; the calls that were waiting fail with SessionExpired", async () => {
    const stelace = client({ refreshMargin: 2 * 3600_000 })
    await stelace.auth.login(credentials("alice"))
    renderWith(stelace, <SessionView />)
    const results = await act(() => expireSession(stelace))
    expect(results.map((result) => result.status === "rejected" && result.reason instanceof SessionExpired)).toEqual([true, true])
    expect(shown()).toBe(`expired ${demo.users.alice.id} [user,provider] org=none expired`)
  })

  it("is announced once to useSessionEvent(\"Expired\")", async () => {
    const stelace = client({ refreshMargin: 2 * 3600_000 })
    await stelace.auth.login(credentials("alice"))
    const announced: Array<unknown> = []
    function OnExpiry() {
      useSessionEvent("Expired", (event) => announced.push(event.error))
      return null
    }
    renderWith(stelace, <OnExpiry />)
    await act(() => expireSession(stelace))
    expect(announced).toHaveLength(1)
    expect(announced[0]).toBeInstanceOf(SessionExpired)
  })

  it("is cleared by the next login", async () => {
    const stelace = client({ refreshMargin: 2 * 3600_000 })
    await stelace.auth.login(credentials("alice"))
    renderWith(stelace, <SessionView />)
    await act(() => expireSession(stelace))
    expect(shown()).toContain("expired")
    await act(() => stelace.auth.login(credentials("alice")))
    expect(shown()).toBe(`authenticated ${demo.users.alice.id} [user,provider] org=none`)
  })

  it("is not set by a logout", async () => {
    const stelace = client()
    await stelace.auth.login(credentials("alice"))
    renderWith(stelace, <SessionView />)
    await act(() => stelace.auth.logout())
    expect(shown()).toBe("anonymous nobody [] org=none")
  })
})

describe("another tab", () => {
  const storageKey = "stl-authtoken"
  const changeInAnotherTab = (value: string | null) => {
    if (value === null) localStorage.removeItem(storageKey)
    else localStorage.setItem(storageKey, value)
    window.dispatchEvent(new StorageEvent("storage", { key: storageKey, newValue: value, storageArea: localStorage }))
  }

  it("a login there re-renders this tab with that user; a logout there, anonymous", async () => {
    localStorage.clear()
    const thisTab = client({ tokenStore: TokenStore.makeLocalStorageStore() })
    renderWith(thisTab, <SessionView />)
    const otherTab = client()
    await otherTab.auth.login(credentials("bruno"))

    act(() => changeInAnotherTab(JSON.stringify(otherTab.getTokenStore().getTokens())))
    await waitFor(() => expect(shown()).toBe(`authenticated ${demo.users.bruno.id} [user,provider] org=none`))

    act(() => changeInAnotherTab(null))
    await waitFor(() => expect(shown()).toBe("anonymous nobody [] org=none"))
  })
})
