/**
 * The demo marketplace's entry: the visitor's language, a Stelace client for the API that
 * `npm start` runs (its address and publishable key come from the page, written in by the
 * server), the query cache, the app; or, when the page's configuration cannot be used (a secret
 * key above all), a page that says why.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { StrictMode } from "react"
import { RouterProvider } from "@tanstack/react-router"
import { createRoot } from "react-dom/client"
import { createInstance } from "stelace-effect"
import { createStelaceQueries, StelaceProvider } from "stelace-effect/react"
import { PageTitle } from "./components/PageTitle.js"
import { type Config, readConfig } from "./config.js"
import { isTransient } from "./errors.js"
import { activate, initialLocale, LanguageProvider, type MessageId, type MessageValues, useT } from "./i18n/index.js"
import { MapTilesContext } from "./map/tiles.js"
import { ResetLinksInTerminalContext } from "./passwordReset.js"
import { httpUploader, PhotoUploaderContext } from "./photos.js"
import { type Prefetch, router } from "./routes.js"
import "./styles.css"

const root = createRoot(document.getElementById("root")!)

/** What a visitor sees when the app cannot start: a page that says why, never a blank one. */
const BootError = ({ problem, values }: { problem: MessageId; values?: MessageValues | undefined }) => {
  const t = useT()
  return (
    <main id="main" className="narrow boot-error">
      <PageTitle>{t("boot.title")}</PageTitle>
      <h1>{t("boot.title")}</h1>
      <p role="alert">{t(problem, values)}</p>
    </main>
  )
}

const refuse = (problem: MessageId, values?: MessageValues) =>
  root.render(<LanguageProvider><BootError problem={problem} values={values} /></LanguageProvider>)

/** The signed-in user's access token, for the photo uploads. */
const accessTokenOf = (client: ReturnType<typeof createInstance>) => async () =>
  (await client.getTokenStore().getTokens())?.accessToken

const start = ({ apiUrl, apiKey, uploadUrl, mapTiles, mapAttribution, resetLinksInTerminal }: Config) => {
  const client = createInstance({
    apiKey,
    host: apiUrl.hostname,
    port: Number(apiUrl.port || (apiUrl.protocol === "https:" ? 443 : 80)),
    protocol: apiUrl.protocol.replace(":", "")
  })

  const queryClient = new QueryClient({
    defaultOptions: {
      // the SDK already retries idempotent calls on the network; a refusal is final
      queries: { retry: (failures, error) => failures < 1 && isTransient(error), staleTime: 10_000 }
    }
  })

  // the routes' loaders start their page's queries with the page's code (routes.tsx)
  const prefetch: Prefetch = (load) => load(createStelaceQueries(client), queryClient)

  root.render(
    <StrictMode>
      <LanguageProvider>
        <QueryClientProvider client={queryClient}>
          {/* given the query client, the provider drops a user's cached data when their session ends */}
          <StelaceProvider client={client} queryClient={queryClient}>
            <PhotoUploaderContext value={uploadUrl === undefined ? undefined : httpUploader(uploadUrl, accessTokenOf(client))}>
              <MapTilesContext value={{ url: mapTiles, attribution: mapAttribution }}>
                <ResetLinksInTerminalContext value={resetLinksInTerminal}>
                  <RouterProvider router={router} context={{ prefetch, isLoggedIn: () => client.auth.info().isAuthenticated }} />
                </ResetLinksInTerminalContext>
              </MapTilesContext>
            </PhotoUploaderContext>
          </StelaceProvider>
        </QueryClientProvider>
      </LanguageProvider>
    </StrictMode>
  )
}

const boot = () => {
  const configured = readConfig(document.getElementById("stelace-config")?.textContent)
  if (!configured.ok) refuse(`boot.${configured.problem}`)
  else {
    try {
      start(configured.config)
    } catch (error) {
      refuse("boot.clientFailed", { detail: error instanceof Error ? error.message : String(error) })
    }
  }
}

// The first page shows in the visitor's language (French is fetched first when it is theirs;
// English, which comes with the app, if that fails). Not a top-level await: the bundler would then
// move the modules the entry shares with the pages out of it, into many small chunks.
void activate(initialLocale())
  .catch(() => activate("en"))
  .then(boot)
