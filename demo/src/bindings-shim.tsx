// TEMPORARY stand-in for stelace-effect/react until the react-bindings branch lands. Deleted then.
import { createContext, useContext, useSyncExternalStore, type ReactNode } from "react"
import { QueryClient, QueryClientProvider } from "@tanstack/react-query"
import type { StelaceInstance } from "stelace-effect"

const Context = createContext<StelaceInstance | null>(null)
export const StelaceProvider = ({ client, queryClient, children }: { client: StelaceInstance; queryClient: QueryClient; children: ReactNode }) => (
  <Context.Provider value={client}>
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  </Context.Provider>
)

export const useStelace = (): StelaceInstance => useContext(Context)!

export const useSession = () => {
  const client = useStelace()
  const snapshot = useSyncExternalStore(client.session.subscribe, client.session.getSnapshot)
  return {
    ...snapshot,
    login: (credentials: { username: string; password: string }) => client.auth.login(credentials),
    logout: () => client.auth.logout()
  }
}
