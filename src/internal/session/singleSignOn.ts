/**
 * Single sign-on through a platform's identity providers (`stelace.ssoConnections`):
 *
 * 1. The browser goes to `ssoLoginUrl(...)`, the API's `GET /auth/sso/:platformId/:provider`,
 *    which sends it to the provider, which sends it back to the API's callback.
 * 2. The API sends the browser to the connection's `afterAuthenticationUrl` with a one-time
 *    `code` (or an error status): `parseSsoReturn` reads it.
 * 3. `loginWithCode(code)` trades the code for the user's tokens (`POST /auth/token`) and stores
 *    them: from then on it is a session like any other, refreshed as any other.
 * 4. `logoutFromProvider()` ends the session at Stelace and, where the API's redirect can be read,
 *    hands back the provider's end-session page.
 */
import * as Effect from "effect/Effect"
import * as SubscriptionRef from "effect/SubscriptionRef"
import type { InvalidArgument, NetworkError, StelaceError, WithLastResponse } from "../../Errors.js"
import { AuthorizationCodeError, ServerError } from "../../Errors.js"
import { Session } from "../../Session.js"
import type { AuthTokens, ProviderLogout, SsoReturn, SsoTarget } from "../../Types.js"
import type { Settings } from "../client/settings.js"
import { StelaceClient } from "../client/StelaceClient.js"
import { argumentError, buildPath, unreadable } from "../pipeline/arguments.js"
import { traceCall } from "../pipeline/spans.js"
import { auth } from "../routes/families/auth.js"
import type { ErrorOf } from "../routes/model.js"
import { clearSession } from "./writer.js"

/** The API's route that starts a login through a provider (a browser's page, not a call). */
const loginRoute = { method: "GET", path: "/auth/sso/:platformId/:provider", params: ["platformId", "provider"], kind: "object" } as const

/** `<zone><platform number>_<environment>`, as the server's `parsePublicPlatformId` reads it. */
const publicPlatformId = /^[a-z]\d+_[A-Za-z\d]+$/

/**
 * A value no other login URL has. The server answers the login route with a 301 and no
 * `Cache-Control`, so a browser may answer the next visit of the same URL from its cache: a
 * redirect carrying a `state` the server already spent, and a login that fails. The server ignores
 * the query string of that route.
 */
const attempt = (): string => {
  const bytes = crypto.getRandomValues(new Uint8Array(9))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")
}

/** The login URL of `target` on the API of `settings`, or why `target` is refused. */
export const ssoLoginUrlWith = (settings: Settings, target: unknown): string | InvalidArgument => {
  try {
    if (target === null || typeof target !== "object") {
      return argumentError(loginRoute, `expected { platformId, provider }, but got: ${target === null ? "null" : typeof target}`)
    }
    const { platformId, provider } = target as Partial<Record<keyof SsoTarget, unknown>>
    if (typeof platformId === "string" && !publicPlatformId.test(platformId)) {
      return argumentError(loginRoute, `"platformId" must be a public platform id such as e1_test (zone, platform number, environment), but got: ${JSON.stringify(platformId)}`)
    }
    const path = buildPath(loginRoute, [platformId, provider])
    return typeof path === "string" ? `${settings.wire.origin}${path}?attempt=${attempt()}` : path
  } catch (error) {
    return unreadable(loginRoute, error)
  }
}

/**
 * The URL that starts a login through a provider: the API's `GET /auth/sso/:platformId/:provider`
 * on the client's host. Send the browser there (`location.assign(url)`), never `fetch` it: the
 * provider's pages must be shown. Both parts are checked (a public platform id such as `e1_test`,
 * a connection name) and URL-encoded; bad ones fail with `InvalidArgument`. Each URL is new (an
 * `attempt` the server ignores), so that a browser never answers it from its cache: get one per
 * login.
 *
 * @example
 * ```ts
 * const url = yield* Auth.ssoLoginUrl({ platformId: "e1_live", provider: "google" })
 * // https://api.stelace.com/auth/sso/e1_live/google?attempt=5f0c...
 * ```
 */
export const ssoLoginUrl = (target: SsoTarget): Effect.Effect<string, InvalidArgument, StelaceClient> =>
  Effect.flatMap(Effect.service(StelaceClient), (client) =>
    Effect.flatMap(SubscriptionRef.get(client.settings), (settings) => {
      const url = ssoLoginUrlWith(settings, target)
      return typeof url === "string" ? Effect.succeed(url) : Effect.fail(url)
    }))

/** What the server's refusal of a code means, or `undefined` when it is not about the code. */
const codeRefusal = (error: ServerError): AuthorizationCodeError["reason"] | undefined => {
  // the grant answers 403 for one thing only, an expired code; and 422 for a code it does not know
  // (or whose user is gone) or one used before, which only its message tells apart
  if (error.statusCode === 403) return { _tag: "Expired" }
  if (error.statusCode === 422) return /already used/i.test(error.message) ? { _tag: "AlreadyUsed" } : { _tag: "Invalid" }
  return undefined
}

const tokenRoute = auth.getTokens

/**
 * Logs in with the one-time `code` the API put in the `afterAuthenticationUrl` it sent the browser
 * to (`POST /auth/token` with `grantType: "authorizationCode"`), and stores the tokens as the
 * session: then calls carry the user's token and refresh it, as after `login`. A code the server
 * refuses fails with `AuthorizationCodeError` (reason `Invalid`, `Expired` or `AlreadyUsed`), and
 * stores nothing. A secret key in a browser never exchanges a code, not even with
 * `dangerouslyAllowSecretKeyInBrowser`: `InvalidArgument`.
 *
 * @example
 * ```ts
 * const landing = Auth.parseSsoReturn(location.href)
 * if (landing?._tag === "Code") yield* Auth.loginWithCode(landing.code)
 * ```
 */
export const loginWithCode = (
  code: string
): Effect.Effect<AuthTokens & WithLastResponse, AuthorizationCodeError | ErrorOf<typeof tokenRoute>, StelaceClient | Session> =>
  traceCall(
    "Stelace.Auth.loginWithCode",
    Effect.flatMap(Effect.service(StelaceClient), (client) => {
      if (typeof code !== "string" || code.trim() === "") {
        return Effect.fail(argumentError(tokenRoute, `"code" must be the non-empty code of the login's return, but got: ${typeof code === "string" ? "\"\"" : typeof code}`))
      }
      return client.call(tokenRoute, { params: [], input: { grantType: "authorizationCode", code } }).pipe(
        Effect.catchIf(
          (error): error is ServerError => error instanceof ServerError && codeRefusal(error) !== undefined,
          (error) =>
            Effect.fail(
              // biome-ignore lint/style/noNonNullAssertion: the guard above found a reason
              new AuthorizationCodeError({ message: error.message, reason: codeRefusal(error)!, statusCode: error.statusCode, cause: error })
            )
        )
      )
    })
  ) as Effect.Effect<AuthTokens & WithLastResponse, AuthorizationCodeError | ErrorOf<typeof tokenRoute>, StelaceClient | Session>

/**
 * The provider's end-session page from a redirect the server answered, if it can be read: only
 * where the transport gives 3xx answers (Node), and only an http(s) address.
 */
const endSessionUrl = (error: ServerError): string | undefined => {
  if (error.statusCode < 300 || error.statusCode > 399) return undefined
  const location = error.headers.location
  if (location === undefined) return undefined
  try {
    const url = new URL(location)
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : undefined
  } catch {
    return undefined
  }
}

/** A browser's answer to a redirect: it hides where to, and the SDK never follows one. */
const isHiddenRedirect = (error: unknown): error is NetworkError =>
  (error as { _tag?: unknown } | null)?._tag === "NetworkError" && (error as NetworkError).reason._tag === "Redirect"

/**
 * Logs out of a session that came from an `openid` connection, through its provider: `POST
 * /auth/logout` with `logoutFromExternalProvider: true`, to which the server answers with a
 * redirect to the provider's end-session page. The session always ends at Stelace: its refresh
 * token is revoked (`POST /auth/logout`) and the stored tokens removed. Then:
 * - `{ _tag: "Redirect", url }` where the redirect can be read (Node, and any transport that does
 *   not hide redirects): send the browser to `url` to end the provider's session too;
 * - `{ _tag: "StelaceOnly" }` in a browser, whose `fetch` hides a redirect's address from
 *   scripts, and when the server refuses to log out through the provider (a session from a
 *   password login, a connection without an end-session page).
 *
 * Without a stored refresh token (nobody is logged in) it sends nothing: it removes what is stored
 * and answers `StelaceOnly`. It fails as `Auth.logout` does (the network, the server, the token
 * store), the session kept.
 *
 * @example
 * ```ts
 * const logout = yield* Auth.logoutFromProvider()
 * if (logout._tag === "Redirect") response.redirect(logout.url)
 * ```
 */
export const logoutFromProvider = (): Effect.Effect<ProviderLogout, ErrorOf<typeof auth.logout>, StelaceClient | Session> =>
  traceCall(
    "Stelace.Auth.logoutFromProvider",
    Effect.flatMap(Effect.all([Effect.service(StelaceClient), Effect.service(Session)]), ([client, session]) => {
      const logout = client.call(auth.logout, { params: [], input: undefined })
      const stelaceOnly: ProviderLogout = { _tag: "StelaceOnly" }
      const throughProvider = client.call(auth.logout, { params: [], input: { logoutFromExternalProvider: true } })
      // without a refresh token neither the server nor the provider knows a session to end
      return Effect.flatMap(session.tokens, (tokens) => tokens?.refreshToken ? throughProvider : Effect.as(clearSession, stelaceOnly)).pipe(
        Effect.matchEffect({
          // a server that logged out without a redirect removed the session, and so did the SDK
          onSuccess: () => Effect.succeed(stelaceOnly),
          onFailure: (error): Effect.Effect<ProviderLogout, StelaceError, Session> => {
            // the server revokes the refresh token only once the provider sends the browser back:
            // the SDK revokes it now, so the session ends at Stelace whatever the browser does next
            if (error instanceof ServerError) {
              // a refusal (a password login's session, a connection without an end-session page)
              // still leaves the session to end at Stelace
              const url = endSessionUrl(error)
              return Effect.as(logout, url === undefined ? stelaceOnly : { _tag: "Redirect", url })
            }
            return isHiddenRedirect(error) ? Effect.as(logout, stelaceOnly) : Effect.fail(error)
          }
        })
      )
    })
  ) as Effect.Effect<ProviderLogout, ErrorOf<typeof auth.logout>, StelaceClient | Session>

/**
 * What the API says in the address it sent the browser back to (its query string), or `undefined`
 * when it is not such a return (no `status`). Read it as the page loads, then remove the query
 * from the address bar and the history (`history.replaceState`) before anything else runs: the code
 * is a credential until it is exchanged.
 *
 * @example
 * ```ts
 * const landing = Auth.parseSsoReturn(location.href)
 * history.replaceState(history.state, "", location.pathname)
 * ```
 */
export const parseSsoReturn = (address: string | URL): SsoReturn | undefined => {
  let url: URL
  try {
    url = new URL(String(address), "http://localhost/")
  } catch {
    return undefined
  }
  const status = url.searchParams.get("status")
  if (status === null) return undefined
  const details = url.searchParams.get("details") ?? undefined
  if (status === "success") {
    const code = url.searchParams.get("code")
    return code ? { _tag: "Code", code } : { _tag: "LoggedOut" }
  }
  // the server passes on the provider's error (`access_denied (End-User aborted interaction)`) in
  // `details`, in a test environment only
  if (details !== undefined && /\baccess_denied\b/.test(details)) return { _tag: "Cancelled", details }
  return { _tag: "Failed", status, details }
}
