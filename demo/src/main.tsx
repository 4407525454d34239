/**
 * The demo marketplace's entry: a Stelace client for the API that `npm start` runs (its address
 * and publishable key come from the page, written in by the server), the query cache, the app.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { createInstance } from "stelace-effect"
import { StelaceProvider } from "stelace-effect/react"
import { App } from "./App.js"
import { isTransient } from "./errors.js"
import "./styles.css"

interface RuntimeConfig {
  readonly apiUrl?: string
  readonly apiKey?: string
}

const config: RuntimeConfig = JSON.parse(document.getElementById("stelace-config")?.textContent || "{}")
const api = new URL(config.apiUrl ?? "http://127.0.0.1:4100")

const client = createInstance({
  apiKey: config.apiKey ?? "pubk_test_LocalStelacePublicKey0001",
  host: api.hostname,
  port: Number(api.port || (api.protocol === "https:" ? 443 : 80)),
  protocol: api.protocol.replace(":", "")
})

const queryClient = new QueryClient({
  defaultOptions: {
    // the SDK already retries idempotent calls on the network; a refusal is final
    queries: { retry: (failures, error) => failures < 1 && isTransient(error), staleTime: 10_000 }
  }
})

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      {/* given the query client, the provider drops a user's cached data when their session ends */}
      <StelaceProvider client={client} queryClient={queryClient}>
        <App />
      </StelaceProvider>
    </QueryClientProvider>
  </StrictMode>
)
