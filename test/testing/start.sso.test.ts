/**
 * `npm start -- --sso` (or `SSO=1`): Local ID starts on loopback, the local backend gets its
 * `local-id` connection, the app's page configuration names the provider to offer, and the banner
 * prints the demo account. Without the option, none of it.
 */
import { spawnSync } from "node:child_process"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Started, start } from "../../e2e/server.js"
import { demoAccount, httpBrowser, logInOverHttp } from "../../scripts/localId.mjs"

const root = new URL("../../", import.meta.url)

/** The `#stelace-config` of the app's page. */
const pageConfig = async (appUrl: string) => {
  const html = await (await fetch(appUrl)).text()
  const json = /<script id="stelace-config" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1]
  return JSON.parse(json ?? "null")
}

const refused = (args: ReadonlyArray<string>, env: Record<string, string> = {}) => {
  const result = spawnSync(process.execPath, ["scripts/start.mjs", ...args], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, PORT: "", API_PORT: "", HOST: "", API_ONLY: "", SSO: "", STELACE_API_URL: "", STELACE_PUBLISHABLE_KEY: "", ...env },
    timeout: 15_000
  })
  return { code: result.status, stderr: result.stderr }
}

describe("npm start -- --sso", () => {
  let app: Started
  beforeAll(async () => {
    app = await start(["--port", "0", "--api-port", "0", "--sso"])
  }, 120_000)
  afterAll(() => app?.stop())

  it("prints Local ID's address, on loopback, and the demo account", () => {
    expect(app.output()).toMatch(/Local ID \(SSO\): {4}http:\/\/127\.0\.0\.1:\d+\n/)
    expect(app.output()).toContain(`"Log in with Local ID" (single sign-on), demo account:  ${demoAccount.email} / ${demoAccount.password}`)
  })

  it("tells the app which provider to offer, in the page configuration", async () => {
    expect((await pageConfig(app.appUrl!)).sso).toEqual({
      platformId: "e1_test",
      providers: [{ id: "local-id", name: "Local ID", protocol: "openid" }]
    })
  })

  it("logs the demo account in through Local ID, back to the app's login page with a code that opens a session", async () => {
    const appOrigin = new URL(app.appUrl!).origin
    const back = await logInOverHttp(httpBrowser(), `${app.apiUrl}/auth/sso/e1_test/local-id`, { stopAt: (url) => url.origin === appOrigin })
    expect(back.stopped).toBe(true)
    const landing = new URL(back.url)
    expect(`${landing.origin}${landing.pathname}`).toBe(`${appOrigin}/login`)
    expect(landing.searchParams.get("status")).toBe("success")
    const config = await pageConfig(app.appUrl!)
    const tokens = await fetch(`${app.apiUrl}/auth/token`, {
      method: "POST",
      headers: { authorization: `Basic ${btoa(`${config.apiKey}:`)}`, "content-type": "application/json" },
      body: JSON.stringify({ grantType: "authorizationCode", code: landing.searchParams.get("code") })
    })
    expect(tokens.status).toBe(200)
  })
})

describe("npm start without --sso", () => {
  it("offers no single sign-on: nothing in the page configuration, no Local ID", async () => {
    const app = await start(["--port", "0", "--api-port", "0"])
    try {
      expect((await pageConfig(app.appUrl!)).sso).toBeUndefined()
      expect(app.output()).not.toContain("Local ID")
    } finally {
      await app.stop()
    }
  }, 120_000)
})

describe("npm start's --sso with options it does not go with", () => {
  it.each([
    [["--sso", "--api-only"], {}, "--sso offers \"Log in with Local ID\" in the app; --api-only runs no app"],
    [["--api-only"], { SSO: "1" }, "SSO=1 offers \"Log in with Local ID\" in the app; --api-only runs no app"],
    [["--sso", "--api-url", "https://api.example.com", "--publishable-key", "pubk_x"], {}, "--sso connects the local backend to Local ID"]
  ])("refuses %j (env %j) with a sentence", (args, env, message) => {
    const result = refused(args, env)
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(message)
  })

  it("lists --sso in its help", () => {
    const help = spawnSync(process.execPath, ["scripts/start.mjs", "--help"], { cwd: root, encoding: "utf8" })
    expect(help.stdout).toMatch(/--sso +offer "Log in with Local ID"/)
  })
})
