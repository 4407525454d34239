/**
 * The demo marketplace's entry: the visitor's language, a Stelace client for the API that
 * `npm start` runs (its address and publishable key come from the page, written in by the
 * server), the query cache, the router, the app; or, when the page's configuration cannot be used
 * (a secret key above all), a page that says why.
 */
import { useLingui } from "@lingui/react"
import { QueryClient } from "@tanstack/react-query"
import { RouterProvider } from "@tanstack/react-router"
import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { createInstance } from "stelace-effect"
import { createStelaceQueries } from "stelace-effect/react"
import { AppProviders } from "./app/providers.js"
import { createAppRouter } from "./app/router.js"
import { type Config, readConfig } from "./config.js"
import { SingleSignOn, takeSsoReturn } from "./features/account/singleSignOn.js"
import { httpUploader } from "./features/listings/photos.js"
import { describeError, isTransient } from "./lib/errors.js"
import { activate, initialLocale, LanguageProvider } from "./lib/i18n/index.js"
import { PageTitle } from "./ui/PageTitle.js"
import "./styles.css"

// back from a provider's login: its code leaves the address bar and the history before anything
// else can read it (the router, a request's Referer, a script)
const ssoLanding = takeSsoReturn(window)

const root = createRoot(document.getElementById("root")!, {
  // a page that failed says why on the page (the API's refusal, its code that could not load):
  // only errors the app has no words for are logged
  onCaughtError: (error) => {
    if (describeError(error).id === "errors.generic") console.error(error)
  }
})

/** What a visitor sees when the app cannot start: a page that says why, never a blank one. */
const BootError = ({ problem, values }: { problem: string; values?: Readonly<Record<string, string>> | undefined }) => {
  const { i18n } = useLingui()
  return (
    <main id="main" className="narrow boot-error">
      <PageTitle>{i18n._("boot.title")}</PageTitle>
      <h1>{i18n._("boot.title")}</h1>
      <p role="alert">{i18n._(problem, values)}</p>
    </main>
  )
}

const refuse = (problem: string, values?: Readonly<Record<string, string>>) =>
  root.render(<LanguageProvider><BootError problem={problem} values={values} /></LanguageProvider>)

/** The signed-in user's access token, for the photo uploads. */
const accessTokenOf = (client: ReturnType<typeof createInstance>) => async () =>
  (await client.getTokenStore().getTokens())?.accessToken

/** Why the page's configuration cannot be used, by problem (`readConfig`). */
const configProblems = {
  notJson: /*i18n*/ "boot.notJson",
  notObject: /*i18n*/ "boot.notObject",
  secretKey: /*i18n*/ "boot.secretKey",
  notPublishable: /*i18n*/ "boot.notPublishable",
  apiUrlInvalid: /*i18n*/ "boot.apiUrlInvalid",
  apiUrlProtocol: /*i18n*/ "boot.apiUrlProtocol",
  uploadUrlInvalid: /*i18n*/ "boot.uploadUrlInvalid",
  uploadUrlProtocol: /*i18n*/ "boot.uploadUrlProtocol",
  mapTilesInvalid: /*i18n*/ "boot.mapTilesInvalid",
  mapAttributionInvalid: /*i18n*/ "boot.mapAttributionInvalid",
  resetLinksInvalid: /*i18n*/ "boot.resetLinksInvalid",
  ssoInvalid: /*i18n*/ "boot.ssoInvalid"
} as const

const start = ({ apiUrl, apiKey, uploadUrl, mapTiles, mapAttribution, resetLinksInTerminal, sso }: Config) => {
  const client = createInstance({
    apiKey,
    host: apiUrl.hostname,
    port: Number(apiUrl.port || (apiUrl.protocol === "https:" ? 443 : 80)),
    protocol: apiUrl.protocol.replace(":", "")
  })
  // each provider's login URL is checked now (a public platform id, a connection's name), not on a click
  try {
    for (const provider of sso?.providers ?? []) client.auth.ssoLoginUrl({ platformId: sso!.platformId, provider: provider.id })
  } catch {
    return refuse(configProblems.ssoInvalid)
  }

  const queryClient = new QueryClient({
    defaultOptions: {
      // the SDK already retries idempotent calls on the network; a refusal is final
      queries: { retry: (failures, error) => failures < 1 && isTransient(error), staleTime: 10_000 }
    }
  })

  // the routes' loaders read with the query options of whoever is logged in when they run
  const router = createAppRouter({
    queryClient,
    queries: () => createStelaceQueries(client),
    memberId: () => {
      const session = client.auth.info()
      return session.isAuthenticated ? session.userId : null
    }
  })

  root.render(
    <StrictMode>
      <AppProviders
        client={client}
        queryClient={queryClient}
        uploader={uploadUrl === undefined ? undefined : httpUploader(uploadUrl, accessTokenOf(client))}
        tiles={{ url: mapTiles, attribution: mapAttribution }}
        resetLinksInTerminal={resetLinksInTerminal}
        singleSignOn={new SingleSignOn(sso, ssoLanding, window)}
      >
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  )
}

const boot = () => {
  const configured = readConfig(document.getElementById("stelace-config")?.textContent)
  if (!configured.ok) refuse(configProblems[configured.problem])
  else {
    try {
      start(configured.config)
    } catch (error) {
      refuse(/*i18n*/ "boot.clientFailed", { detail: error instanceof Error ? error.message : String(error) })
    }
  }
}

// The first page shows in the visitor's language (French is fetched first when it is theirs;
// English, which comes with the app, if that fails). Not a top-level await: the bundler would then
// move the modules the entry shares with the pages out of it, into many small chunks.
void activate(initialLocale())
  .catch(() => activate("en"))
  .then(boot)
