/**
 * What every page is given: the language, the query cache, the Stelace client (whose provider
 * drops a user's cached data when their session ends), and what this marketplace plugs in (the
 * photo uploader, the map's tiles, where reset links go, the identity providers).
 */
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query"
import type { ReactNode } from "react"
import type { StelaceInstance } from "stelace-effect"
import { StelaceProvider } from "stelace-effect/react"
// the features' own modules, not their index, which would bring the whole feature into every page
import { ResetLinksInTerminalContext } from "../features/account/passwordReset.js"
import { type SingleSignOn, SingleSignOnContext } from "../features/account/singleSignOn.js"
import { type PhotoUploader, PhotoUploaderContext } from "../features/listings/photos.js"
import { type MapTiles, MapTilesContext } from "../features/search/map/tiles.js"
import { LanguageProvider } from "../lib/i18n/index.js"

export const AppProviders = ({ client, queryClient, uploader, tiles, resetLinksInTerminal, singleSignOn, children }: {
  readonly client: StelaceInstance
  readonly queryClient: QueryClient
  readonly uploader: PhotoUploader | undefined
  readonly tiles: MapTiles
  readonly resetLinksInTerminal: boolean
  readonly singleSignOn: SingleSignOn
  readonly children: ReactNode
}) => (
  <LanguageProvider>
    <QueryClientProvider client={queryClient}>
      <StelaceProvider client={client} queryClient={queryClient}>
        <PhotoUploaderContext value={uploader}>
          <MapTilesContext value={tiles}>
            <ResetLinksInTerminalContext value={resetLinksInTerminal}>
              <SingleSignOnContext value={singleSignOn}>{children}</SingleSignOnContext>
            </ResetLinksInTerminalContext>
          </MapTilesContext>
        </PhotoUploaderContext>
      </StelaceProvider>
    </QueryClientProvider>
  </LanguageProvider>
)
