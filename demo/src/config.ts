/**
 * The runtime configuration `npm start` writes into the page (`#stelace-config`): where the API is
 * and which key the app uses. The app runs in visitors' browsers, where anyone can read that key,
 * so only a publishable key (`pubk_...`) is taken; a secret key (`seck_...`), which grants
 * everything on the platform, stops the app before anything is sent with it.
 *
 * It also says where the search page's map takes its tiles from, and whom to credit for them
 * (OpenStreetMap's standard tiles unless told otherwise), and which identity providers the login
 * and sign-up pages offer (`sso`, absent when the platform has none).
 */

import { defaultTileTemplate, isTileTemplate } from "./tileTemplate.js"

export interface Config {
  readonly apiUrl: URL
  readonly apiKey: string
  /** Where listing photos are uploaded (the local backend's development endpoint), if anywhere. */
  readonly uploadUrl?: URL | undefined
  /** The map's tile URL template: an http(s) URL with `{z}`, `{x}` and `{y}` (and maybe `{s}`, `{r}`). */
  readonly mapTiles: string
  /** Whom the map credits for its tiles, as text. */
  readonly mapAttribution: string
  /**
   * Whether password reset links are printed in `npm start`'s terminal: its local backend sends no
   * email, where a real platform emails the link (a workflow on `password__reset_requested`).
   */
  readonly resetLinksInTerminal: boolean
  /** The platform's single sign-on connections the app offers, if any. */
  readonly sso?: SsoConfig | undefined
}

/** An identity provider the login and sign-up pages offer: "Log in with {name}". */
export interface SsoProvider {
  /** The connection's name in the platform's `stelace.ssoConnections`. */
  readonly id: string
  /** The provider's name as people know it. */
  readonly name: string
  /** `openid` connections can end the provider's session at logout; `oauth2` ones cannot. */
  readonly protocol: "openid" | "oauth2"
}

/** Which single sign-on the app offers: the platform's public id (`e1_test`) and its providers. */
export interface SsoConfig {
  readonly platformId: string
  readonly providers: ReadonlyArray<SsoProvider>
}

/** Why the page's configuration cannot be used; the start-up page says it in the visitor's language (`boot.<problem>`). */
export type ConfigProblem =
  | "notJson"
  | "notObject"
  | "secretKey"
  | "notPublishable"
  | "apiUrlInvalid"
  | "apiUrlProtocol"
  | "uploadUrlInvalid"
  | "uploadUrlProtocol"
  | "mapTilesInvalid"
  | "mapAttributionInvalid"
  | "resetLinksInvalid"
  | "ssoInvalid"

export type ConfigResult = { readonly ok: true; readonly config: Config } | { readonly ok: false; readonly problem: ConfigProblem }

/** The map's tiles when the configuration names none: OpenStreetMap's standard tiles, and its credit. */
export const defaultMapTiles = {
  mapTiles: defaultTileTemplate,
  mapAttribution: "© OpenStreetMap contributors"
} as const

const defaults = { apiUrl: "http://127.0.0.1:4100", apiKey: "pubk_test_LocalStelacePublicKey0001", ...defaultMapTiles }

const nonEmpty = (value: unknown): value is string => typeof value === "string" && value.trim() !== ""

/** The `sso` part of the configuration, or `undefined` when it is not one. */
const readSso = (raw: unknown): SsoConfig | undefined => {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return undefined
  const { platformId, providers } = raw as { platformId?: unknown; providers?: unknown }
  if (!nonEmpty(platformId) || !Array.isArray(providers) || providers.length === 0) return undefined
  const read: Array<SsoProvider> = []
  for (const provider of providers as ReadonlyArray<unknown>) {
    if (provider === null || typeof provider !== "object") return undefined
    const { id, name, protocol } = provider as { id?: unknown; name?: unknown; protocol?: unknown }
    if (!nonEmpty(id) || !nonEmpty(name) || (protocol !== "openid" && protocol !== "oauth2")) return undefined
    // one button per connection: a name given twice would be two buttons doing one thing
    if (read.some((other) => other.id === id)) return undefined
    read.push({ id, name: name.trim(), protocol })
  }
  return { platformId, providers: read }
}

/** The configuration of this page, or why the app cannot run with it. */
export const readConfig = (text: string | null | undefined): ConfigResult => {
  let raw: unknown
  try {
    raw = JSON.parse(text || "{}")
  } catch {
    return { ok: false, problem: "notJson" }
  }
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    return { ok: false, problem: "notObject" }
  }
  const {
    apiUrl = defaults.apiUrl,
    apiKey = defaults.apiKey,
    uploadUrl,
    mapTiles = defaults.mapTiles,
    mapAttribution = defaults.mapAttribution,
    resetLinksInTerminal = false,
    sso: rawSso
  } = raw as {
    apiUrl?: unknown
    apiKey?: unknown
    uploadUrl?: unknown
    mapTiles?: unknown
    mapAttribution?: unknown
    resetLinksInTerminal?: unknown
    sso?: unknown
  }
  if (typeof apiKey === "string" && apiKey.startsWith("seck_")) {
    return { ok: false, problem: "secretKey" }
  }
  if (typeof apiKey !== "string" || !apiKey.startsWith("pubk_")) {
    return { ok: false, problem: "notPublishable" }
  }
  let url: URL
  try {
    url = new URL(String(apiUrl))
  } catch {
    return { ok: false, problem: "apiUrlInvalid" }
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return { ok: false, problem: "apiUrlProtocol" }
  }
  let upload: URL | undefined
  if (uploadUrl !== undefined) {
    try {
      upload = new URL(String(uploadUrl))
    } catch {
      return { ok: false, problem: "uploadUrlInvalid" }
    }
    if (upload.protocol !== "http:" && upload.protocol !== "https:") {
      return { ok: false, problem: "uploadUrlProtocol" }
    }
  }
  if (typeof mapTiles !== "string" || !isTileTemplate(mapTiles)) {
    return { ok: false, problem: "mapTilesInvalid" }
  }
  if (typeof mapAttribution !== "string") {
    return { ok: false, problem: "mapAttributionInvalid" }
  }
  if (typeof resetLinksInTerminal !== "boolean") {
    return { ok: false, problem: "resetLinksInvalid" }
  }
  const sso = rawSso === undefined ? undefined : readSso(rawSso)
  if (rawSso !== undefined && sso === undefined) {
    return { ok: false, problem: "ssoInvalid" }
  }
  return { ok: true, config: { apiUrl: url, apiKey, uploadUrl: upload, mapTiles, mapAttribution, resetLinksInTerminal, sso } }
}
