// @vitest-environment happy-dom
/**
 * Single sign-on in React: `useSession().loginWithCode` starts a session the components see as
 * after a password login, rejects a refused code with its typed error, and
 * `useSession().logoutFromProvider` ends it.
 */
import { act, cleanup, render, screen } from "@testing-library/react"
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { AuthorizationCodeError, createInstance, TokenStore } from "../../src/index.js"
import { StelaceProvider, useSession } from "../../src/react/index.js"
import { accessToken, PUBLISHABLE_KEY } from "../support/jwt.js"
import type { Recorder } from "../support/recorder.js"
import { startRecorder } from "../support/recorder.js"

let target: Recorder
beforeAll(async () => {
  target = await startRecorder()
})
afterAll(() => target.close())
beforeEach(() => target.reset())
afterEach(cleanup)

const tokens = { tokenType: "Bearer", accessToken: accessToken({ userId: "usr_sso", expiresIn: 3600 }), refreshToken: "rt_sso", userId: "usr_sso" }

let session: ReturnType<typeof useSession> | undefined
function SessionView() {
  session = useSession()
  return <p data-testid="session">{session.status} {session.userId ?? "nobody"}</p>
}

const renderSession = () => {
  const stelace = createInstance({ apiKey: PUBLISHABLE_KEY, host: target.host, port: target.port, protocol: "http", tokenStore: TokenStore.makeMemoryStore() })
  render(<StelaceProvider client={stelace}><SessionView /></StelaceProvider>)
  return stelace
}

const shown = () => screen.getByTestId("session").textContent

describe("useSession", () => {
  it("loginWithCode logs the user in: the components re-render with them", async () => {
    target.respond(() => ({ body: tokens }))
    renderSession()
    expect(shown()).toBe("anonymous nobody")
    await act(() => session!.loginWithCode("c0de"))
    expect(shown()).toBe("authenticated usr_sso")
    expect(target.requests.map((r) => [r.path, r.json])).toEqual([["/auth/token", { grantType: "authorizationCode", code: "c0de" }]])
  })

  it("loginWithCode rejects a refused code with AuthorizationCodeError, and nobody is logged in", async () => {
    target.respond(() => ({ status: 403, body: { message: "Code expired", statusCode: 403 } }))
    renderSession()
    const error = await act(() => session!.loginWithCode("c0de").then(() => undefined, (e: unknown) => e))
    expect(error).toBeInstanceOf(AuthorizationCodeError)
    expect(error).toMatchObject({ reason: { _tag: "Expired" } })
    expect(shown()).toBe("anonymous nobody")
  })

  it("logoutFromProvider ends the session: the components re-render anonymous", async () => {
    target.respond((request) => {
      if (request.path === "/auth/token") return { body: tokens }
      return (request.json as { logoutFromExternalProvider?: boolean }).logoutFromExternalProvider
        ? { status: 301, headers: { location: "https://idp.test/session/end" }, body: "" }
        : { body: { success: true } }
    })
    renderSession()
    await act(() => session!.loginWithCode("c0de"))
    const result = await act(() => session!.logoutFromProvider())
    expect(result).toEqual({ _tag: "Redirect", url: "https://idp.test/session/end" })
    expect(shown()).toBe("anonymous nobody")
  })
})
