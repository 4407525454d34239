// @vitest-environment happy-dom
/**
 * `<StelaceProvider layer>`: an Effect app renders with the layer it already has. The hooks run on
 * a runtime of the provider's own, which the provider releases when it unmounts.
 */
import { useQuery } from "@tanstack/react-query"
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { StrictMode } from "react"
import { describe, expect, it } from "vitest"
import { Assets, Stelace, TokenStore } from "../../src/index.js"
import { StelaceProvider, useRunStelace, useSession, useStelace, useStelaceQueries } from "../../src/react/index.js"
import { demo, testQueryClient, useBackend } from "./support.js"
import { QueryClientProvider } from "@tanstack/react-query"

const { backend } = useBackend()

/** The app's layer, and whether its scope was closed (the provider's runtime disposed). */
const appLayer = () => {
  const released = { value: false }
  const layer = Stelace.layerNode({ apiKey: backend().publishableApiKey, host: "127.0.0.1", port: backend().port, protocol: "http" }).pipe(
    Layer.provide(TokenStore.memory),
    Layer.merge(Layer.effectDiscard(Effect.addFinalizer(() => Effect.sync(() => (released.value = true)))))
  )
  return { layer, released }
}

function Page() {
  const session = useSession()
  const api = useStelaceQueries()
  const run = useRunStelace()
  const assets = useQuery(api.assets.list.queryOptions({ nbResultsPerPage: 2 }))
  return (
    <main>
      <p>status: {session.status} {session.userId ?? ""}</p>
      <p>assets: {assets.data?.results.length ?? "…"}</p>
      <button type="button" onClick={() => session.login({ username: demo.users.alice.username, password: demo.users.alice.password })}>Log in</button>
      <button type="button" onClick={() => run(Assets.read(demo.assets.tesla)).then((asset) => (document.title = asset.name))}>Read</button>
    </main>
  )
}

describe("StelaceProvider given an Effect layer", () => {
  it("serves useSession, the query options and useRunStelace from the layer's client and session", async () => {
    const { layer } = appLayer()
    const queryClient = testQueryClient()
    render(
      <QueryClientProvider client={queryClient}>
        <StelaceProvider layer={layer} queryClient={queryClient}><Page /></StelaceProvider>
      </QueryClientProvider>
    )
    expect((await screen.findByText(/^assets: \d/)).textContent).toBe("assets: 2")
    expect(screen.getByText(/^status:/).textContent?.trim()).toBe("status: anonymous")
    fireEvent.click(screen.getByRole("button", { name: "Log in" }))
    await waitFor(() => expect(screen.getByText(/^status:/).textContent?.trim()).toBe(`status: authenticated ${demo.users.alice.id}`))
    fireEvent.click(screen.getByRole("button", { name: "Read" }))
    await waitFor(() => expect(document.title).toBe("Tesla Model 3"))
    expect(backend().requests).toContain(`GET /assets/${demo.assets.tesla}`)
  })

  it("releases its runtime when it unmounts, not when strict mode remounts it", async () => {
    const { layer, released } = appLayer()
    const queryClient = testQueryClient()
    const view = render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <StelaceProvider layer={layer}><Page /></StelaceProvider>
        </QueryClientProvider>
      </StrictMode>
    )
    await screen.findByText(/^assets: \d/)
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(released.value).toBe(false)
    view.unmount()
    await waitFor(() => expect(released.value).toBe(true))
  })

  it("has no facade instance: useStelace says to use useRunStelace", () => {
    const { layer } = appLayer()
    const Probe = () => {
      useStelace()
      return null
    }
    expect(() => render(<StelaceProvider layer={layer}><Probe /></StelaceProvider>)).toThrow(/useRunStelace/)
  })
})
