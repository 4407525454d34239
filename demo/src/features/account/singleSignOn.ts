/**
 * "Log in with {provider}", through the platform's single sign-on connections:
 *
 * 1. A button remembers where the visitor was going (this tab's `sessionStorage`), then sends the
 *    browser to the API's login URL for that connection, which sends it to the provider.
 * 2. After the provider, the API sends the browser back to the login page with a one-time code
 *    (or what went wrong) in the query string. As the app starts, before anything else runs, that
 *    query leaves the address bar and the history (`takeSsoReturn`).
 * 3. The login page trades the code for a session (`useSession().loginWithCode`), once, and only
 *    in the tab that started the login: a link carrying someone else's code logs nobody in. Then
 *    it goes where the visitor was going: a path of this app, never another site.
 * 4. Logging out of a session from an `openid` connection goes through its provider
 *    (`logOutThrough`), as far as a browser can follow the API there; the page the API then sends
 *    the browser to says so.
 */
import { createContext, useContext, useSyncExternalStore } from "react"
import { Auth, AuthorizationCodeError, type ProviderLogout, type SsoReturn, type StelaceInstance } from "stelace-effect"
import type { SsoConfig, SsoProvider } from "../../config.js"
import { appPath } from "./paths.js"

/** A login this tab started: the connection, and where the visitor was going (`sessionStorage`). */
const STARTED_KEY = "stelace-demo.sso.started"
/** A logout through a provider this tab started: the connection (`sessionStorage`). */
const LEAVING_KEY = "stelace-demo.sso.leaving"
/** Which provider the session came from (`localStorage`, beside the session's tokens). */
const SESSION_KEY = "stelace-demo.sso.session"

/** What the app says about a single sign-on. */
export type SsoStatus =
  | { readonly _tag: "Idle" }
  /** The code is being traded for a session. */
  | { readonly _tag: "LoggingIn"; readonly provider: string | undefined }
  | { readonly _tag: "Failed"; readonly problem: SsoProblem; readonly provider: string | undefined; readonly error?: unknown }
  /** A logout through the provider, said on the page `at`: `everywhere` once the provider ended its session too. */
  | { readonly _tag: "LoggedOut"; readonly provider: string | undefined; readonly everywhere: boolean; readonly at: string }

/** Why a single sign-on failed, each with its own sentence. */
export type SsoProblem = "cancelled" | "provider" | "server" | "codeExpired" | "codeUsed" | "codeInvalid" | "notStarted" | "other"

/** What the address the API sent the browser back to said, and what this tab had started. */
export interface SsoLanding {
  readonly outcome: SsoReturn
  /** The connection the login or logout went through. */
  readonly provider: string | undefined
  /** Where to go once logged in: a path of this app. */
  readonly next: string
  /** Whether this tab started the login (a code is traded only then). */
  readonly started: boolean
  /** The page the API sent the browser to. */
  readonly at: string
}

const readJson = (storage: Storage | undefined, key: string): unknown => {
  try {
    const text = storage?.getItem(key)
    return text == null ? undefined : JSON.parse(text)
  } catch {
    return undefined
  }
}

const write = (storage: Storage | undefined, key: string, value: unknown) => {
  try {
    if (value === undefined) storage?.removeItem(key)
    else storage?.setItem(key, JSON.stringify(value))
  } catch {
    // a browser that refuses storage (a private window's quota) loses the return path, not the login
  }
}

/** Reads and removes a record: each is used by one return at most. */
const take = (storage: Storage | undefined, key: string): { provider?: unknown; next?: unknown } | undefined => {
  const record = readJson(storage, key)
  write(storage, key, undefined)
  return record !== null && typeof record === "object" ? record : undefined
}

const text = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined)

/**
 * Takes the API's return off the page, if this is one: reads it, then removes its query
 * (`status`, `code`, `details`) from the address bar and from this history entry with
 * `history.replaceState`, keeping the entry's state. Called first as the app starts, before the
 * router or any request can read the address. A code is taken off wherever it shows (it is a
 * credential); a failure or the end of a logout only when this tab started what it answers.
 */
export const takeSsoReturn = (window: Window): SsoLanding | undefined => {
  const { location, history } = window
  const outcome = Auth.parseSsoReturn(location.href)
  if (outcome === undefined) return undefined
  const record = outcome._tag === "LoggedOut" ? take(window.sessionStorage, LEAVING_KEY) : take(window.sessionStorage, STARTED_KEY)
  if (record === undefined && outcome._tag !== "Code") return undefined
  const clean = new URL(location.href)
  for (const key of ["status", "code", "details"]) clean.searchParams.delete(key)
  history.replaceState(history.state, "", clean.pathname + clean.search + clean.hash)
  return {
    outcome,
    provider: text(record?.provider),
    next: appPath(text(record?.next)),
    started: record !== undefined,
    at: clean.pathname
  }
}

/** The problem of a code the server refused, or of a failed exchange. */
const problemOf = (error: unknown): SsoProblem => {
  if (!(error instanceof AuthorizationCodeError)) return "other"
  switch (error.reason._tag) {
    case "Expired":
      return "codeExpired"
    case "AlreadyUsed":
      return "codeUsed"
    default:
      return "codeInvalid"
  }
}

/**
 * The app's single sign-on: the providers the configuration offers, and the state of a return
 * from one (a store the pages read).
 */
export class SingleSignOn {
  readonly providers: ReadonlyArray<SsoProvider>
  private status: SsoStatus
  private readonly listeners = new Set<() => void>()
  private exchange: Promise<string | undefined> | undefined

  constructor(
    private readonly config: SsoConfig | undefined,
    private readonly landing: SsoLanding | undefined,
    private readonly window: Window
  ) {
    this.providers = config?.providers ?? []
    this.status = statusOf(landing)
  }

  /** The provider of a connection, by its name. */
  provider(id: string | undefined): SsoProvider | undefined {
    return this.providers.find((provider) => provider.id === id)
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  readonly getSnapshot = (): SsoStatus => this.status

  private set(status: SsoStatus) {
    this.status = status
    for (const listener of [...this.listeners]) listener()
  }

  /** What was said of a status of this kind is read: it is said no more. */
  dismiss(tag: "Failed" | "LoggedOut") {
    if (this.status._tag === tag) this.set(idle)
  }

  /**
   * Leaves for the provider's login: remembers `next` for the return, then sends the browser to
   * the API's login URL of the connection.
   */
  start(client: StelaceInstance, provider: SsoProvider, next: string) {
    if (this.config === undefined) return
    const url = client.auth.ssoLoginUrl({ platformId: this.config.platformId, provider: provider.id })
    this.set(idle)
    write(this.window.sessionStorage, STARTED_KEY, { provider: provider.id, next: appPath(next) })
    this.window.location.assign(url)
  }

  /**
   * Trades the return's code for a session, once (React runs effects twice in development, and a
   * code works once): the path to go to once logged in, or `undefined` when there is no code or it
   * was refused (the status says why).
   */
  finish(loginWithCode: (code: string) => Promise<void>, userId: () => string | null): Promise<string | undefined> {
    const landing = this.landing
    if (landing?.outcome._tag !== "Code" || !landing.started) return Promise.resolve(undefined)
    const code = landing.outcome.code
    this.exchange ??= (async () => {
      try {
        await loginWithCode(code)
      } catch (error) {
        this.set({ _tag: "Failed", problem: problemOf(error), provider: landing.provider, error })
        return undefined
      }
      write(this.window.localStorage, SESSION_KEY, { userId: userId(), provider: landing.provider })
      this.set(idle)
      return landing.next
    })()
    return this.exchange
  }

  /** Forgets which provider the session came from (a logout, a password login). */
  forgetSession() {
    write(this.window.localStorage, SESSION_KEY, undefined)
  }

  /** The `openid` provider the session of `userId` came from, if it did: its logout goes through the provider. */
  logoutProvider(userId: string | null): SsoProvider | undefined {
    const session = readJson(this.window.localStorage, SESSION_KEY) as { userId?: unknown; provider?: unknown } | undefined
    if (userId === null || session?.userId !== userId) return undefined
    const provider = this.provider(text(session.provider))
    return provider?.protocol === "openid" ? provider : undefined
  }

  /**
   * Logs out through `provider`: the session ends here, and the browser leaves for the provider's
   * end-session page where the SDK could read the API's redirect (`true`). A browser hides it, so
   * from the real server the provider's session stays open: the page `at` says so (`false`).
   */
  async logOutThrough(provider: SsoProvider, logoutFromProvider: () => Promise<ProviderLogout>, at: string): Promise<boolean> {
    this.forgetSession()
    const result = await logoutFromProvider()
    if (result._tag === "Redirect") {
      write(this.window.sessionStorage, LEAVING_KEY, { provider: provider.id })
      this.window.location.assign(result.url)
      return true
    }
    this.set({ _tag: "LoggedOut", provider: provider.id, everywhere: false, at })
    return false
  }
}

const idle: SsoStatus = { _tag: "Idle" }

/** The app's first status, from the return it was opened with. */
const statusOf = (landing: SsoLanding | undefined): SsoStatus => {
  if (landing === undefined) return idle
  const { outcome, provider } = landing
  switch (outcome._tag) {
    case "Code":
      return landing.started ? { _tag: "LoggingIn", provider } : { _tag: "Failed", problem: "notStarted", provider }
    case "LoggedOut":
      return { _tag: "LoggedOut", provider, everywhere: true, at: landing.at }
    case "Cancelled":
      return { _tag: "Failed", problem: "cancelled", provider }
    case "Failed":
      return { _tag: "Failed", problem: outcome.status === "serverError" ? "server" : "provider", provider }
  }
}

/** The app's single sign-on: the providers it offers (maybe none), and the return the page was opened with. */
export const SingleSignOnContext = createContext<SingleSignOn | undefined>(undefined)

/** The app's single sign-on, and its status. */
export const useSingleSignOn = (): { readonly sso: SingleSignOn | undefined; readonly status: SsoStatus } => {
  const sso = useContext(SingleSignOnContext)
  const status = useSyncExternalStore(sso?.subscribe ?? noSubscription, sso?.getSnapshot ?? idleSnapshot, sso?.getSnapshot ?? idleSnapshot)
  return { sso, status }
}

const noSubscription = () => () => {}
const idleSnapshot = () => idle
