/**
 * The runtime configuration `npm start` writes into the page (`#stelace-config`): where the API is
 * and which key the app uses. The app runs in visitors' browsers, where anyone can read that key,
 * so only a publishable key (`pubk_...`) is taken; a secret key (`seck_...`), which grants
 * everything on the platform, stops the app before anything is sent with it.
 */

export interface Config {
  readonly apiUrl: URL
  readonly apiKey: string
  /** Where listing photos are uploaded (the local backend's development endpoint), if anywhere. */
  readonly uploadUrl?: URL | undefined
}

export type ConfigResult = { readonly ok: true; readonly config: Config } | { readonly ok: false; readonly problem: string }

const defaults = { apiUrl: "http://127.0.0.1:4100", apiKey: "pubk_test_LocalStelacePublicKey0001" }

/** The configuration of this page, or the sentence that says why the app cannot run with it. */
export const readConfig = (text: string | null | undefined): ConfigResult => {
  let raw: unknown
  try {
    raw = JSON.parse(text || "{}")
  } catch {
    return { ok: false, problem: "The app's configuration (the #stelace-config script of the page) is not valid JSON." }
  }
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    return { ok: false, problem: "The app's configuration (the #stelace-config script of the page) must be a JSON object." }
  }
  const { apiUrl = defaults.apiUrl, apiKey = defaults.apiKey, uploadUrl } = raw as { apiUrl?: unknown; apiKey?: unknown; uploadUrl?: unknown }
  if (typeof apiKey === "string" && apiKey.startsWith("seck_")) {
    return {
      ok: false,
      problem: "This app was given a secret API key. A secret key grants every right on the platform and anyone can read it in a browser, so the app will not use it: give it a publishable key (pubk_...) and reload."
    }
  }
  if (typeof apiKey !== "string" || !apiKey.startsWith("pubk_")) {
    return { ok: false, problem: "This app needs a publishable API key (pubk_...), and its configuration gives it another kind of key." }
  }
  let url: URL
  try {
    url = new URL(String(apiUrl))
  } catch {
    return { ok: false, problem: "The app's configuration gives an API address that is not a URL." }
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return { ok: false, problem: "The app's configuration gives an API address that is not http: or https:." }
  }
  let upload: URL | undefined
  if (uploadUrl !== undefined) {
    try {
      upload = new URL(String(uploadUrl))
    } catch {
      return { ok: false, problem: "The app's configuration gives a photo upload address that is not a URL." }
    }
    if (upload.protocol !== "http:" && upload.protocol !== "https:") {
      return { ok: false, problem: "The app's configuration gives a photo upload address that is not http: or https:." }
    }
  }
  return { ok: true, config: { apiUrl: url, apiKey, uploadUrl: upload } }
}
