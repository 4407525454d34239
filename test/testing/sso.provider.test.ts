/**
 * Local ID, the identity provider of `npm start -- --sso` and the SSO tests (scripts/localId.mjs):
 * loopback only, the endpoints its connections name, a login form that plain HTTP can fill, PKCE
 * required of the openid clients, and a GitHub-like user endpoint for the oauth2 ones.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoAccount, formAction, httpBrowser, type LocalId, startLocalId } from "../../scripts/localId.mjs"

const api = { name: "shop", apiUrl: "http://127.0.0.1:4100", publicPlatformId: "e1_test" }
const callback = "http://127.0.0.1:4100/auth/sso/e1_test/local-id/callback"

let localId: LocalId
beforeAll(async () => {
  localId = await startLocalId({ apis: [api] })
})
afterAll(() => localId?.close())

/** An authorization request of the `shop-openid` client, with `params` changed. */
const authorize = (params: Record<string, string | undefined>) => {
  const url = new URL(`${localId.issuer}/auth`)
  const all: Record<string, string | undefined> = {
    client_id: "shop-openid",
    response_type: "code",
    scope: "openid email profile",
    redirect_uri: callback,
    state: "s",
    code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    code_challenge_method: "S256",
    ...params
  }
  for (const [key, value] of Object.entries(all)) if (value !== undefined) url.searchParams.set(key, value)
  return url.href
}

const stopAtApi = (url: URL) => url.origin === "http://127.0.0.1:4100"

describe("Local ID", () => {
  it("listens on loopback only, and needs accounts with an email and a password", async () => {
    expect(new URL(localId.issuer).hostname).toBe("127.0.0.1")
    await expect(startLocalId({ host: "0.0.0.0" })).rejects.toThrow("Local ID listens on loopback only (127.0.0.1, ::1 or localhost), not \"0.0.0.0\"")
    await expect(startLocalId({ accounts: [{ email: "a@example.com", password: "" }] })).rejects.toThrow("Each Local ID account needs an email and a password")
  })

  it("names in its connections the endpoints its discovery document gives", async () => {
    const discovery = await (await fetch(`${localId.issuer}/.well-known/openid-configuration`)).json()
    const { "local-id": openid, "local-id-oauth2": oauth2 } = localId.connections("shop", { afterAuthenticationUrl: "http://app.test/login" })
    expect(openid).toMatchObject({
      protocol: "openid",
      issuer: discovery.issuer,
      authorizationUrl: discovery.authorization_endpoint,
      tokenUrl: discovery.token_endpoint,
      jwksUrl: discovery.jwks_uri,
      endSessionUrl: discovery.end_session_endpoint,
      clientId: "shop-openid",
      pkceEnabled: true,
      active: true
    })
    expect(oauth2).toMatchObject({ protocol: "oauth2", clientId: "shop-oauth2", userInfoUrl: `${localId.issuer}/oauth2/user` })
    expect(() => localId.connections("nope", { afterAuthenticationUrl: "http://app.test" })).toThrow("Local ID has no API named \"nope\"")
    expect(() => localId.register(api)).toThrow("Local ID has an API named \"shop\" already")
  })

  it("shows a login form with labelled fields, says when the password is wrong, and sends the code back once it is right", async () => {
    const browser = httpBrowser()
    const page = await browser.visit(authorize({}), { stopAt: stopAtApi })
    expect(page.status).toBe(200)
    expect(page.text).toContain("<label>Email <input name=\"email\"")
    expect(page.text).toContain("<label>Password <input name=\"password\" type=\"password\"")
    const action = formAction(page.text, page.url, "Log in")!
    const wrong = await browser.submit(action, { email: demoAccount.email, password: "wrong" }, { stopAt: stopAtApi })
    expect(wrong.stopped).toBe(false)
    expect(wrong.text).toContain("<p role=\"alert\">This email and password don&#39;t match a Local ID account.</p>")
    const right = await browser.submit(formAction(wrong.text, wrong.url, "Log in")!, { email: demoAccount.email, password: demoAccount.password }, { stopAt: stopAtApi })
    expect(right.stopped).toBe(true)
    const back = new URL(right.url)
    expect(`${back.origin}${back.pathname}`).toBe(callback)
    expect(back.searchParams.get("code")).toEqual(expect.any(String))
    expect(back.searchParams.get("state")).toBe("s")
  })

  it("requires PKCE of the openid clients", async () => {
    const refused = await httpBrowser().visit(authorize({ code_challenge: undefined, code_challenge_method: undefined }), { stopAt: stopAtApi })
    const back = new URL(refused.url)
    expect(back.searchParams.get("error")).toBe("invalid_request")
    expect(back.searchParams.get("error_description")).toMatch(/PKCE/)
  })

  it("sends a cancelled login back as access_denied", async () => {
    const browser = httpBrowser()
    const page = await browser.visit(authorize({}), { stopAt: stopAtApi })
    const cancelled = await browser.submit(formAction(page.text, page.url, "Cancel")!, {}, { stopAt: stopAtApi })
    expect(new URL(cancelled.url).searchParams.get("error")).toBe("access_denied")
  })

  it("answers its oauth2 user endpoint to a valid access token only", async () => {
    const answer = await fetch(`${localId.issuer}/oauth2/user`, { headers: { authorization: "Bearer forged" } })
    expect(answer.status).toBe(401)
    expect(await answer.json()).toEqual({ message: "Bad credentials" })
  })

  it("refuses an interaction of another browser", async () => {
    const page = await httpBrowser().visit(authorize({}), { stopAt: stopAtApi })
    const stranger = await httpBrowser().visit(page.url)
    expect(stranger.status).toBe(400)
    expect(stranger.text).toContain("This login has expired or belongs to another browser.")
  })
})
