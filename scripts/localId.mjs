/**
 * Local ID: a real OpenID Connect provider (`oidc-provider`) on loopback, for `npm start -- --sso`
 * and the tests of single sign-on. It has accounts (the demo account by default), a login page
 * with a plain HTML form that Chromium and plain HTTP can fill, and two clients per Stelace API
 * it is told of: `<name>-openid` (OpenID Connect, PKCE required) and `<name>-oauth2` (plain OAuth 2,
 * whose user info comes from a GitHub-like endpoint without `sub`). {@link LocalId.connections}
 * gives the `stelace.ssoConnections` entries that use them.
 *
 * Nothing here is published: the package's `stelace-effect/testing` answers the SSO routes, and
 * this provider is only the other end of the flow in development and tests.
 */
import { createHash, generateKeyPair, randomBytes, timingSafeEqual } from "node:crypto"
import { createServer } from "node:http"
import { promisify } from "node:util"

/** The account `npm start -- --sso` prints, and tests log in as. */
export const demoAccount = Object.freeze({
  email: "emma@example.com",
  password: "emma-password",
  name: "Emma Leroy",
  givenName: "Emma",
  familyName: "Leroy"
})

/** The connection names of a Stelace API, unless told otherwise: the page configuration's `local-id`, and its OAuth 2 twin. */
export const defaultProviders = Object.freeze({ openid: "local-id", oauth2: "local-id-oauth2" })

const loopbackHosts = new Set(["127.0.0.1", "::1", "localhost"])

/** Where a Stelace API sends its SSO callbacks for a connection. */
const callbackUrl = (api, provider, logout = false) =>
  `${api.apiUrl}/auth/sso/${encodeURIComponent(api.publicPlatformId)}/${encodeURIComponent(provider)}${logout ? "/logout" : ""}/callback`

const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char])

const page = (title, body) => `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Local ID</title>
<style>body{font-family:system-ui,sans-serif;max-width:24rem;margin:3rem auto;padding:0 1rem}label{display:block;margin:.75rem 0}input{display:block;width:100%;padding:.4rem;box-sizing:border-box}button{margin:.75rem .5rem 0 0;padding:.4rem .9rem}[role=alert]{color:#a40000}</style>
</head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body>
</html>`

/** The same string, compared in constant time. */
const sameText = (a, b) => {
  const left = createHash("sha256").update(String(a)).digest()
  const right = createHash("sha256").update(String(b)).digest()
  return timingSafeEqual(left, right)
}

/** A form body, read up to `limit` bytes (`undefined` beyond). */
const readForm = (request, limit = 16 * 1024) =>
  new Promise((resolve, reject) => {
    const chunks = []
    let size = 0
    request.on("data", (chunk) => {
      size += chunk.length
      if (size > limit) {
        request.destroy()
        resolve(undefined)
        return
      }
      chunks.push(chunk)
    })
    request.on("end", () => resolve(new URLSearchParams(Buffer.concat(chunks).toString("utf8"))))
    request.on("error", reject)
  })

/** A stable subject per email, as a real provider keeps one per account. */
const subjectOf = (email) => createHash("sha256").update(`local-id:${email.toLowerCase()}`).digest("hex").slice(0, 32)

/**
 * oidc-provider's storage, in memory: the documented adapter interface, kept here so that the
 * provider does not print its "development-only adapter" warning in `npm start`'s output.
 */
const memoryAdapter = () => {
  const entries = new Map()
  const key = (model, id) => `${model}:${id}`
  const live = (entry) => entry !== undefined && (entry.expiresAt === undefined || entry.expiresAt > Date.now())
  const Adapter = class MemoryAdapter {
    constructor(model) {
      this.model = model
    }
    async upsert(id, payload, expiresIn) {
      const expiresAt = expiresIn ? Date.now() + expiresIn * 1000 : undefined
      entries.set(key(this.model, id), { payload: structuredClone(payload), expiresAt })
    }
    async find(id) {
      const entry = entries.get(key(this.model, id))
      return live(entry) ? structuredClone(entry.payload) : undefined
    }
    async findByUid(uid) {
      for (const [name, entry] of entries) {
        if (name.startsWith(`${this.model}:`) && entry.payload.uid === uid && live(entry)) return structuredClone(entry.payload)
      }
      return undefined
    }
    async findByUserCode(userCode) {
      for (const [name, entry] of entries) {
        if (name.startsWith(`${this.model}:`) && entry.payload.userCode === userCode && live(entry)) return structuredClone(entry.payload)
      }
      return undefined
    }
    async consume(id) {
      const entry = entries.get(key(this.model, id))
      if (entry !== undefined) entry.payload.consumed = Math.floor(Date.now() / 1000)
    }
    async destroy(id) {
      entries.delete(key(this.model, id))
    }
    async revokeByGrantId(grantId) {
      for (const [name, entry] of entries) if (entry.payload.grantId === grantId) entries.delete(name)
    }
  }
  // clients are found here when they are not in the configuration: those of APIs registered later
  const addClient = (metadata) => entries.set(key("Client", metadata.client_id), { payload: structuredClone(metadata), expiresAt: undefined })
  return { Adapter, addClient }
}

/** oidc-provider, loaded without its notice that Node 20 is below the releases it supports: the project runs on Node 20. */
const loadProvider = async () => {
  const warn = console.warn
  console.warn = (...args) => {
    if (typeof args[0] === "string" && args[0].startsWith("oidc-provider WARNING: Unsupported runtime")) return
    warn(...args)
  }
  try {
    return (await import("oidc-provider")).default
  } finally {
    console.warn = warn
  }
}

/**
 * Starts Local ID on loopback (`127.0.0.1` unless `host` is `::1` or `localhost`; any other host is
 * refused), with `accounts` ({@link demoAccount} unless given). `apis` registers Stelace APIs at
 * once, as {@link LocalId.register} does later.
 */
export const startLocalId = async ({ host = "127.0.0.1", port = 0, accounts = [demoAccount], apis = [] } = {}) => {
  if (!loopbackHosts.has(host)) throw new TypeError(`Local ID listens on loopback only (127.0.0.1, ::1 or localhost), not ${JSON.stringify(host)}`)
  if (!Array.isArray(accounts) || accounts.length === 0) throw new TypeError("Local ID needs at least one account")
  const byEmail = new Map()
  const bySubject = new Map()
  const setAccount = (account) => {
    if (typeof account?.email !== "string" || typeof account.password !== "string" || account.email === "" || account.password === "") {
      throw new TypeError("Each Local ID account needs an email and a password")
    }
    const kept = { ...account, sub: subjectOf(account.email) }
    byEmail.set(account.email.toLowerCase(), kept)
    bySubject.set(kept.sub, kept)
  }
  for (const account of accounts) setAccount(account)

  // the module and the signing key (a few hundred milliseconds each) at once
  const [Provider, { privateKey }] = await Promise.all([loadProvider(), promisify(generateKeyPair)("rsa", { modulusLength: 2048 })])
  const server = createServer()
  await new Promise((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, host, () => {
      server.off("error", reject)
      resolve()
    })
  })
  const address = server.address()
  const issuer = `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`

  const storage = memoryAdapter()
  const registered = new Map()
  const secrets = new Map()
  const pkceClients = new Set()
  const register = (api) => {
    if (typeof api?.name !== "string" || !/^[a-z0-9-]+$/.test(api.name)) throw new TypeError("Each API needs a name of lower-case letters, digits and hyphens")
    if (registered.has(api.name)) throw new TypeError(`Local ID has an API named ${JSON.stringify(api.name)} already`)
    const entry = { ...api, apiUrl: new URL(api.apiUrl).origin, providers: { ...defaultProviders, ...api.providers } }
    const client = (kind, extra) => {
      const metadata = {
        client_id: `${api.name}-${kind}`,
        client_secret: randomBytes(24).toString("base64url"),
        client_name: `${api.name} (${kind === "openid" ? "OpenID Connect" : "OAuth 2"})`,
        redirect_uris: [callbackUrl(entry, entry.providers[kind])],
        response_types: ["code"],
        grant_types: ["authorization_code"],
        token_endpoint_auth_method: "client_secret_basic",
        ...extra
      }
      secrets.set(metadata.client_id, metadata.client_secret)
      storage.addClient(metadata)
    }
    client("openid", { post_logout_redirect_uris: [callbackUrl(entry, entry.providers.openid, true)] })
    client("oauth2", {})
    pkceClients.add(`${api.name}-openid`)
    registered.set(api.name, entry)
  }

  const provider = new Provider(issuer, {
    adapter: storage.Adapter,
    jwks: { keys: [{ ...privateKey.export({ format: "jwk" }), kid: "local-id", use: "sig", alg: "RS256" }] },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    // oidc-provider's own defaults, said here so that it does not print a notice for each
    ttl: { AccessToken: 3600, AuthorizationCode: 60, IdToken: 3600, Interaction: 3600, Session: 14 * 86400, Grant: 14 * 86400 },
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "given_name", "family_name"]
    },
    // the claims of the scopes go in the ID token too, as Google's do: the server reads them there
    conformIdTokenClaims: false,
    pkce: { required: (_ctx, client) => pkceClients.has(client.clientId) },
    clientBasedCORS: () => false,
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.body = page("Log out of Local ID?", `${form}<p>You are logged in to Local ID. Log out there too?</p>
<button type="submit" form="op.logoutForm" name="logout" value="yes">Log out</button>
<button type="submit" form="op.logoutForm">Stay logged in</button>`)
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.body = page("Logged out", "<p>You are logged out of Local ID.</p>")
        }
      }
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx, sub) => {
      const account = bySubject.get(sub)
      if (account === undefined) return undefined
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: account.email,
          email_verified: true,
          ...(account.name === undefined ? {} : { name: account.name }),
          ...(account.givenName === undefined ? {} : { given_name: account.givenName }),
          ...(account.familyName === undefined ? {} : { family_name: account.familyName })
        })
      }
    },
    // the clients are this project's own: what they ask for is granted, no consent page
    loadExistingGrant: async (ctx) => {
      const { session, client, params, provider: oidc } = ctx.oidc
      if (session?.accountId === undefined) return undefined
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId)
      const grant = (grantId === undefined ? undefined : await oidc.Grant.find(grantId)) ??
        new oidc.Grant({ clientId: client.clientId, accountId: session.accountId })
      if (typeof params.scope === "string") grant.addOIDCScope(params.scope)
      await grant.save()
      return grant
    },
    renderError: async (ctx, out) => {
      ctx.type = "html"
      ctx.body = page("Local ID cannot go on", `<p role="alert">${escapeHtml(out.error)}${out.error_description ? `: ${escapeHtml(out.error_description)}` : ""}</p>`)
    }
  })
  const oidcHandler = provider.callback()
  for (const api of apis) register(api)

  const loginPage = (uid, { email = "", problem } = {}) =>
    page("Log in to Local ID", `${problem === undefined ? "" : `<p role="alert">${escapeHtml(problem)}</p>`}
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label>Email <input name="email" type="email" autocomplete="username" value="${escapeHtml(email)}" required></label>
<label>Password <input name="password" type="password" autocomplete="current-password" required></label>
<button type="submit">Log in</button>
</form>
<form method="post" action="/interaction/${escapeHtml(uid)}/abort"><button type="submit">Cancel</button></form>`)

  const sendHtml = (response, status, html) => {
    response.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" })
    response.end(html)
  }

  const interact = async (request, response, uid, action) => {
    let details
    try {
      details = await provider.interactionDetails(request, response)
    } catch {
      return sendHtml(response, 400, page("Local ID cannot go on", "<p role=\"alert\">This login has expired or belongs to another browser. Start again from the site.</p>"))
    }
    if (details.uid !== uid) return sendHtml(response, 400, page("Local ID cannot go on", "<p role=\"alert\">This is not the login under way.</p>"))
    if (action === undefined) {
      if (request.method !== "GET") return sendHtml(response, 405, page("Local ID cannot go on", "<p role=\"alert\">Method not allowed.</p>"))
      return sendHtml(response, 200, loginPage(uid))
    }
    if (request.method !== "POST") return sendHtml(response, 405, page("Local ID cannot go on", "<p role=\"alert\">Method not allowed.</p>"))
    if (action === "abort") {
      return provider.interactionFinished(request, response, { error: "access_denied", error_description: "End-User aborted interaction" }, { mergeWithLastSubmission: false })
    }
    const form = await readForm(request)
    if (form === undefined) return sendHtml(response, 413, page("Local ID cannot go on", "<p role=\"alert\">The form is too large.</p>"))
    const email = form.get("email") ?? ""
    const account = byEmail.get(email.toLowerCase())
    // the same work whether the account exists or not
    const matches = sameText(form.get("password") ?? "", account?.password ?? randomBytes(16).toString("hex")) && account !== undefined
    if (!matches) return sendHtml(response, 200, loginPage(uid, { email, problem: "This email and password don't match a Local ID account." }))
    return provider.interactionFinished(request, response, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false })
  }

  // the user of a plain OAuth 2 access token, as GitHub's `/user` answers it: an `id`, no `sub`
  const oauth2User = async (request, response) => {
    const [scheme, token] = (request.headers.authorization ?? "").split(" ")
    const found = scheme?.toLowerCase() === "bearer" && token ? await provider.AccessToken.find(token) : undefined
    const account = found === undefined || found.isExpired ? undefined : bySubject.get(found.accountId)
    response.writeHead(account === undefined ? 401 : 200, { "content-type": "application/json", "cache-control": "no-store" })
    response.end(JSON.stringify(account === undefined
      ? { message: "Bad credentials" }
      : { id: account.sub, login: account.email, email: account.email, name: account.name ?? null, given_name: account.givenName ?? null, family_name: account.familyName ?? null }))
  }

  server.on("request", (request, response) => {
    const url = new URL(request.url ?? "/", issuer)
    const interaction = /^\/interaction\/([A-Za-z0-9_-]+)(?:\/(login|abort))?$/.exec(url.pathname)
    const answered = interaction !== null
      ? interact(request, response, interaction[1], interaction[2])
      : url.pathname === "/oauth2/user" && request.method === "GET"
      ? oauth2User(request, response)
      : Promise.resolve(oidcHandler(request, response))
    answered.catch((error) => {
      if (!response.headersSent) sendHtml(response, 500, page("Local ID cannot go on", `<p role="alert">${escapeHtml(error instanceof Error ? error.message : error)}</p>`))
      else response.destroy()
    })
  })

  return {
    issuer,
    url: issuer,
    /** The accounts one may log in as (their emails and passwords). */
    get accounts() {
      return [...byEmail.values()].map(({ sub: _sub, ...account }) => account)
    },
    /** Adds an account, or replaces the one with its email (its claims change at the next login; its `sub` stays). */
    setAccount,
    /**
     * Registers a Stelace API: `{ name, apiUrl, publicPlatformId, providers? }`, where `providers`
     * are the names of its connections ({@link defaultProviders} unless given). It gets two clients,
     * `<name>-openid` (PKCE required) and `<name>-oauth2`, whose redirections go to that API's
     * callbacks for those connections.
     */
    register,
    /**
     * The `stelace.ssoConnections` entries for a registered API: its OpenID Connect connection
     * (PKCE, logout through Local ID) and its OAuth 2 one, under the API's connection names.
     */
    connections: (name, { afterAuthenticationUrl, afterLogoutUrl } = {}) => {
      const api = registered.get(name)
      if (api === undefined) throw new TypeError(`Local ID has no API named ${JSON.stringify(name)}`)
      if (typeof afterAuthenticationUrl !== "string") throw new TypeError("connections() needs the afterAuthenticationUrl the API sends users back to")
      return {
        [api.providers.openid]: {
          protocol: "openid",
          issuer,
          authorizationUrl: `${issuer}/auth`,
          tokenUrl: `${issuer}/token`,
          jwksUrl: `${issuer}/jwks`,
          endSessionUrl: `${issuer}/session/end`,
          clientId: `${name}-openid`,
          clientSecret: secrets.get(`${name}-openid`),
          scope: "openid email profile",
          pkceEnabled: true,
          afterAuthenticationUrl,
          ...(afterLogoutUrl === undefined ? {} : { afterLogoutUrl }),
          active: true
        },
        [api.providers.oauth2]: {
          protocol: "oauth2",
          issuer,
          authorizationUrl: `${issuer}/auth`,
          tokenUrl: `${issuer}/token`,
          userInfoUrl: `${issuer}/oauth2/user`,
          clientId: `${name}-oauth2`,
          clientSecret: secrets.get(`${name}-oauth2`),
          scope: "email profile",
          afterAuthenticationUrl,
          active: true
        }
      }
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
  }
}

/**
 * A browser without a page: `fetch` with a cookie jar, following redirects by hand, so that tests
 * can go through a login with plain HTTP. `visit` follows redirects from a URL and stops at the
 * first answer that is not a redirect, or before requesting a URL `stopAt` accepts (the app's page,
 * which may not exist); `submit` posts a form the same way.
 */
export const httpBrowser = () => {
  /** Cookies by origin, then by `name path`. */
  const jar = new Map()
  const cookiesFor = (url) => {
    const stored = jar.get(url.origin)
    if (stored === undefined) return undefined
    const pairs = [...stored.values()].filter((cookie) => url.pathname === cookie.path || url.pathname.startsWith(cookie.path.endsWith("/") ? cookie.path : `${cookie.path}/`))
    return pairs.length === 0 ? undefined : pairs.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ")
  }
  const keep = (url, response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";").map((part) => part.trim())
      const eq = pair.indexOf("=")
      if (eq <= 0) continue
      const name = pair.slice(0, eq)
      const value = pair.slice(eq + 1)
      const attribute = (wanted) => attributes.find((part) => part.toLowerCase().startsWith(`${wanted}=`))?.split("=").slice(1).join("=")
      const path = attribute("path") ?? "/"
      const maxAge = attribute("max-age")
      const expires = attribute("expires")
      const gone = value === "" || (maxAge !== undefined && Number(maxAge) <= 0) || (expires !== undefined && Date.parse(expires) <= Date.now())
      const stored = jar.get(url.origin) ?? new Map()
      jar.set(url.origin, stored)
      if (gone) stored.delete(`${name} ${path}`)
      else stored.set(`${name} ${path}`, { name, value, path })
    }
  }
  const go = async (start, init, stopAt) => {
    let url = new URL(start)
    let request = init
    for (let hops = 0; hops < 20; hops++) {
      if (stopAt?.(url)) return { url: url.href, status: undefined, text: "", stopped: true }
      const cookie = cookiesFor(url)
      const response = await fetch(url, {
        ...request,
        redirect: "manual",
        headers: { ...request.headers, ...(cookie === undefined ? {} : { cookie }) }
      })
      keep(url, response)
      const location = response.headers.get("location")
      if (response.status < 300 || response.status >= 400 || location === null) {
        return { url: url.href, status: response.status, text: await response.text(), stopped: false }
      }
      await response.body?.cancel()
      url = new URL(location, url)
      request = { method: "GET", headers: {} }
    }
    throw new Error(`More than 20 redirects from ${start}`)
  }
  return {
    visit: (url, { stopAt } = {}) => go(url, { method: "GET", headers: {} }, stopAt),
    submit: (url, fields, { stopAt } = {}) =>
      go(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString()
      }, stopAt)
  }
}

/** The action of the form holding the button named `button` (the first form when not given), from an HTML page. */
export const formAction = (html, pageUrl, button) => {
  for (const match of html.matchAll(/<form\b[^>]*\baction="([^"]*)"[^>]*>([\s\S]*?)<\/form>/g)) {
    if (button === undefined || match[2].includes(`>${button}<`)) return new URL(match[1].replace(/&amp;/g, "&"), pageUrl).href
  }
  return undefined
}

/**
 * Goes through a Local ID login with {@link httpBrowser}: from `startUrl` (a Stelace API's
 * `GET /auth/sso/...`) to the login page, then logs in as `account` (or presses Cancel when
 * `cancel`), and follows the redirects back until `stopAt` (the app's page). The page where it
 * stopped: `{ url, stopped }` (and `text` when it did not stop: an error page, say).
 */
export const logInOverHttp = async (browser, startUrl, { account = demoAccount, cancel = false, stopAt } = {}) => {
  const login = await browser.visit(startUrl, { stopAt })
  if (login.stopped) return login
  const action = formAction(login.text, login.url, cancel ? "Cancel" : "Log in")
  if (action === undefined) throw new Error(`No Local ID login form at ${login.url} (${login.status}): ${login.text.slice(0, 300)}`)
  return browser.submit(action, cancel ? {} : { email: account.email, password: account.password }, { stopAt })
}

/**
 * Goes through a Local ID logout with {@link httpBrowser}: from `endSessionUrl` (the `location` of
 * `POST /auth/logout` with `logoutFromExternalProvider`) to the confirmation page, confirms, and
 * follows the redirects back until `stopAt`.
 */
export const logOutOverHttp = async (browser, endSessionUrl, { stopAt } = {}) => {
  const confirm = await browser.visit(endSessionUrl, { stopAt })
  if (confirm.stopped) return confirm
  const action = formAction(confirm.text, confirm.url)
  const xsrf = /name="xsrf" value="([^"]*)"/.exec(confirm.text)?.[1]
  if (action === undefined || xsrf === undefined) throw new Error(`No Local ID logout form at ${confirm.url} (${confirm.status}): ${confirm.text.slice(0, 300)}`)
  return browser.submit(action, { xsrf, logout: "yes" }, { stopAt })
}
