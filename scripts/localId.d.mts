/** An account of Local ID: what one logs in with, and the claims it gives. */
export interface LocalIdAccount {
  readonly email: string
  readonly password: string
  readonly name?: string
  readonly givenName?: string
  readonly familyName?: string
}

/** A Stelace API whose SSO callbacks Local ID accepts. */
export interface LocalIdApi {
  /** Lower-case letters, digits and hyphens: the clients are `<name>-openid` and `<name>-oauth2`. */
  readonly name: string
  /** Where browsers reach the API (its origin). */
  readonly apiUrl: string
  /** The platform's id in SSO URLs (`e1_test`). */
  readonly publicPlatformId: string
  /** The names of the API's connections (`local-id` and `local-id-oauth2` unless given). */
  readonly providers?: { readonly openid?: string; readonly oauth2?: string }
}

/** A running Local ID. */
export interface LocalId {
  readonly issuer: string
  readonly url: string
  readonly accounts: ReadonlyArray<LocalIdAccount>
  /** Adds an account, or replaces the one with its email (its `sub` stays). */
  readonly setAccount: (account: LocalIdAccount) => void
  /** Registers an API: two clients, `<name>-openid` (PKCE required) and `<name>-oauth2`. */
  readonly register: (api: LocalIdApi) => void
  /** The `stelace.ssoConnections` entries of a registered API, under its connection names. */
  readonly connections: (
    name: string,
    pages: { readonly afterAuthenticationUrl: string; readonly afterLogoutUrl?: string }
  ) => Record<string, Record<string, unknown>>
  readonly close: () => Promise<void>
}

/** The account `npm start -- --sso` prints, and tests log in as. */
export declare const demoAccount: Required<LocalIdAccount>
/** The connection names of an API unless told otherwise. */
export declare const defaultProviders: { readonly openid: string; readonly oauth2: string }

/** Starts Local ID on loopback (any other host is refused). */
export declare const startLocalId: (options?: {
  readonly host?: string
  readonly port?: number
  readonly accounts?: ReadonlyArray<LocalIdAccount>
  readonly apis?: ReadonlyArray<LocalIdApi>
}) => Promise<LocalId>

/** Where a page of {@link HttpBrowser} ended: the last URL, and its answer unless stopped before requesting it. */
export interface Visited {
  readonly url: string
  readonly status: number | undefined
  readonly text: string
  readonly stopped: boolean
}

/** A browser without a page: fetch with a cookie jar, redirects followed by hand. */
export interface HttpBrowser {
  readonly visit: (url: string, options?: { readonly stopAt?: (url: URL) => boolean }) => Promise<Visited>
  readonly submit: (url: string, fields: Record<string, string>, options?: { readonly stopAt?: (url: URL) => boolean }) => Promise<Visited>
}

export declare const httpBrowser: () => HttpBrowser
/** The action of the form holding the button named `button` (the first form when not given). */
export declare const formAction: (html: string, pageUrl: string, button?: string) => string | undefined
/** Goes through a Local ID login (or presses Cancel) from an API's `GET /auth/sso/...`, until `stopAt`. */
export declare const logInOverHttp: (
  browser: HttpBrowser,
  startUrl: string,
  options?: { readonly account?: LocalIdAccount; readonly cancel?: boolean; readonly stopAt?: (url: URL) => boolean }
) => Promise<Visited>
/** Goes through a Local ID logout from its end-session URL, until `stopAt`. */
export declare const logOutOverHttp: (
  browser: HttpBrowser,
  endSessionUrl: string,
  options?: { readonly stopAt?: (url: URL) => boolean }
) => Promise<Visited>
