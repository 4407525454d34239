// @vitest-environment happy-dom
/**
 * `StelaceProvider`, `useStelace`, `useSession` and `useSessionEvent`: what renders as the session
 * goes through login, refresh, expiry, logout and changes made in another tab.
 */
import { QueryClientProvider } from "@tanstack/react-query"
import { act, render, screen, waitFor } from "@testing-library/react"
import { describe, expect, it, vi } from "vitest"
import { ServerError, SessionExpired, TokenStore } from "../../src/index.js"
import { StelaceProvider, useSession, useSessionEvent, useStelace } from "../../src/react/index.js"
import { credentials, demo, renderWith, useBackend } from "./support.js"

const { client, backend } = useBackend()

function SessionView() {
  const session = useSession()
  return (
    <p data-testid="session">
      {session.status} {session.userId ?? "nobody"} [{session.roles.join(",")}] org={session.organizationId ?? "none"}
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

  it("logs in and out through the client's core, whatever the app did to the instance's auth methods", async () => {
    const stelace = client()
    const refused = () => Promise.reject(new Error("the facade's auth was called"))
    Object.assign(stelace, { auth: { ...stelace.auth, login: refused, logout: refused } })
    let session: ReturnType<typeof useSession> | undefined
    function Probe() {
      session = useSession()
      return null
    }
    renderWith(stelace, <><SessionView /><Probe /></>)
    await act(() => session!.login(credentials("alice")))
    expect(shown()).toContain(`authenticated ${demo.users.alice.id}`)
    await act(() => session!.logout())
    expect(shown()).toBe("anonymous nobody [] org=none")
    expect(backend().requests).toEqual(["POST /auth/login", "POST /auth/logout"])
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
    function Expiry() {
      return <p data-testid="expiry">{useSession().expiresAt}</p>
    }
    // tokens carry their expiry in whole seconds: log in on a whole second and refresh two seconds
    // later (the clock of the client and of the in-process backend alike), so the new expiry is
    // two seconds later however long the machine takes in between
    const start = Math.floor(Date.now() / 1000) * 1000
    vi.useFakeTimers({ toFake: ["Date"], now: start })
    try {
      await stelace.auth.login(credentials("alice"))
      renderWith(stelace, <Expiry />)
      const before = Number(screen.getByTestId("expiry").textContent)
      vi.setSystemTime(start + 2000)
      await act(() => stelace.categories.list())
      expect(Number(screen.getByTestId("expiry").textContent)).toBe(before + 2000)
    } finally {
      vi.useRealTimers()
    }
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
  it("re-renders expired, with the user whose session it was; the calls that were waiting fail with SessionExpired", async () => {
    const stelace = client({ refreshMargin: 2 * 3600_000 })
    await stelace.auth.login(credentials("alice"))
    renderWith(stelace, <SessionView />)
    const results = await act(() => expireSession(stelace))
    expect(results.map((result) => result.status === "rejected" && result.reason instanceof SessionExpired)).toEqual([true, true])
    expect(shown()).toBe(`expired ${demo.users.alice.id} [] org=none`)
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
    expect(shown()).toBe(`expired ${demo.users.alice.id} [] org=none`)
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

describe("an asynchronous token store", () => {
  /** A store whose first answer waits for `answer()`, as an AsyncStorage read does. */
  const heldStore = (stored: unknown) => {
    let answer!: () => void
    const answered = new Promise<void>((resolve) => (answer = resolve))
    let tokens = stored
    return {
      answer,
      store: {
        getTokens: async () => {
          await answered
          return tokens as any
        },
        setTokens: (next: unknown) => {
          tokens = next
        },
        removeTokens: () => {
          tokens = null
        }
      }
    }
  }

  it("is loading until the store answers, then the stored user", async () => {
    const other = client()
    await other.auth.login(credentials("alice"))
    const { answer, store } = heldStore(other.getTokenStore().getTokens())
    renderWith(client({ tokenStore: store }), <SessionView />)
    expect(shown()).toBe("loading nobody [] org=none")
    await act(async () => answer())
    await waitFor(() => expect(shown()).toBe(`authenticated ${demo.users.alice.id} [user,provider] org=none`))
  })

  it("is loading until the store answers, then anonymous when it holds nothing", async () => {
    const { answer, store } = heldStore(null)
    const seen: Array<string> = []
    function Status() {
      const { status } = useSession()
      seen.push(status)
      return <p data-testid="session">{status}</p>
    }
    renderWith(client({ tokenStore: store }), <Status />)
    await act(async () => answer())
    await waitFor(() => expect(shown()).toBe("anonymous"))
    expect([...new Set(seen)]).toEqual(["loading", "anonymous"])
  })

  it("is never loading with a store that answers at once", () => {
    const seen: Array<string> = []
    function Status() {
      seen.push(useSession().status)
      return null
    }
    renderWith(client(), <Status />)
    expect([...new Set(seen)]).toEqual(["anonymous"])
  })
})

describe("useSession().logout of an expired session", () => {
  it("leaves it without a request (nothing is stored to revoke): anonymous", async () => {
    const stelace = client({ refreshMargin: 2 * 3600_000 })
    await stelace.auth.login(credentials("alice"))
    let logout: (() => Promise<void>) | undefined
    function LogoutButton() {
      logout = useSession().logout
      return null
    }
    renderWith(stelace, <><SessionView /><LogoutButton /></>)
    await backend().revoke((stelace.getTokenStore().getTokens() as { refreshToken: string }).refreshToken)
    await act(() => stelace.categories.list().catch(() => {}))
    expect(shown()).toBe(`expired ${demo.users.alice.id} [] org=none`)
    backend().requests.length = 0
    await act(() => logout!())
    expect(shown()).toBe("anonymous nobody [] org=none")
    expect(backend().requests).toEqual([])
  })
})

describe("useSessionEvent", () => {
  it("calls the latest listener given, on one subscription for the life of the component", async () => {
    const stelace = client()
    const subscribe = vi.spyOn(stelace.session, "subscribe")
    const heard: Array<string> = []
    function Listener({ name }: { readonly name: string }) {
      useSessionEvent("LoggedIn", () => heard.push(name))
      return null
    }
    const view = renderWith(stelace, <Listener name="first" />)
    const subscriptions = subscribe.mock.calls.length
    view.rerender(
      <QueryClientProvider client={view.queryClient}>
        <StelaceProvider client={stelace} queryClient={view.queryClient}><Listener name="second" /></StelaceProvider>
      </QueryClientProvider>
    )
    await act(() => stelace.auth.login(credentials("alice")))
    expect(heard).toEqual(["second"])
    expect(subscribe.mock.calls.length).toBe(subscriptions)
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
