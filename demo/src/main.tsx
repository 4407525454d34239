/**
 * The demo marketplace's entry: a Stelace client for the API that `npm start` runs (its address
 * and publishable key come from the page, written in by the server), the query cache, the app;
 * or, when the page's configuration cannot be used (a secret key above all), a page that says why.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { StrictMode } from "react"
import { RouterProvider } from "@tanstack/react-router"
import { createRoot } from "react-dom/client"
import { createInstance } from "stelace-effect"
import { StelaceProvider } from "stelace-effect/react"
import { type Config, readConfig } from "./config.js"
import { isTransient } from "./errors.js"
import { MapTilesContext } from "./map/tiles.js"
import { httpUploader, PhotoUploaderContext } from "./photos.js"
import { router } from "./routes.js"
import "./styles.css"

const root = createRoot(document.getElementById("root")!)

/** What a visitor sees when the app cannot start: a page that says why, never a blank one. */
const BootError = ({ problem }: { problem: string }) => (
  <main id="main" className="narrow boot-error">
    <h1>The app cannot start</h1>
    <p role="alert">{problem}</p>
  </main>
)

const refuse = (problem: string) => {
  document.title = "The app cannot start · Stelace Rentals"
  root.render(<BootError problem={problem} />)
}

const start = ({ apiUrl, apiKey, uploadUrl, mapTiles, mapAttribution }: Config) => {
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

  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        {/* given the query client, the provider drops a user's cached data when their session ends */}
        <StelaceProvider client={client} queryClient={queryClient}>
          <PhotoUploaderContext value={uploadUrl === undefined ? undefined : httpUploader(uploadUrl)}>
            <MapTilesContext value={{ url: mapTiles, attribution: mapAttribution }}>
              <RouterProvider router={router} />
            </MapTilesContext>
          </PhotoUploaderContext>
        </StelaceProvider>
      </QueryClientProvider>
    </StrictMode>
  )
}

const configured = readConfig(document.getElementById("stelace-config")?.textContent)
if (!configured.ok) refuse(configured.problem)
else {
  try {
    start(configured.config)
  } catch (error) {
    refuse(`The app could not create its Stelace client: ${error instanceof Error ? error.message : String(error)}`)
  }
}
