import { QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { createInstance } from "stelace-effect"
import { StelaceProvider } from "stelace-effect/react"
import { App } from "./App.js"

// the local backend of `npm start` in the repository's root, unless .env says otherwise
const api = new URL(import.meta.env.VITE_STELACE_API_URL ?? "http://127.0.0.1:4100")
const stelace = createInstance({
  // a publishable key: a page's scripts can read anything it holds (the SDK refuses a secret key here)
  apiKey: import.meta.env.VITE_STELACE_PUBLISHABLE_KEY ?? "pubk_test_LocalStelacePublicKey0001",
  host: api.hostname,
  port: api.port === "" ? undefined : Number(api.port),
  protocol: api.protocol.slice(0, -1)
})
// the SDK retries idempotent calls itself
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <StelaceProvider client={stelace} queryClient={queryClient}>
        <App />
      </StelaceProvider>
    </QueryClientProvider>
  </StrictMode>
)
