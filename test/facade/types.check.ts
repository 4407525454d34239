/**
 * Type test of the Promise facade: compiled by `tsc --noEmit` in `npm test` (never run). Each
 * `@ts-expect-error` is misuse the types must refuse; the other lines must compile.
 */
import { createInstance } from "../../src/index.js"
import type { Asset, AssetId, AuthTokens, ListResult, ProviderLogout, SessionExpired, StelaceInstance } from "../../src/index.js"

declare const stelace: StelaceInstance
const instance: StelaceInstance = createInstance({ apiKey: "pubk_test_x", apiVersion: "2019-05-20" })
void instance

export async function usage() {
  const assets: ListResult<Asset> = await stelace.assets.list({ nbResultsPerPage: 10 })
  const first: Asset | undefined = assets[0]
  void first
  const nbPages: number | undefined = "nbPages" in assets.paginationMeta ? assets.paginationMeta.nbPages : undefined
  void nbPages
  const requestId: string | undefined = assets.lastResponse.requestId
  void requestId

  const asset = await stelace.assets.read("ast_1")
  const name: string = asset.name
  void name
  await stelace.assets.read("ast_1", { stelaceVersion: "2019-05-20" })
  await stelace.assets.list({ stelaceOrganizationId: null })
  await stelace.assets.update("ast_1", { name: "Bike" }, { stelaceUserId: "usr_1" })
  await stelace.assets.read("ast_1", (error, result) => {
    if (!error && result) void result.id
  })
  await stelace.transactions.createTransition("trn_1", { name: "accept" })
  await stelace.users.joinOrganizationOrUpdateRights("usr_1", "org_1", { roles: ["user"] })
  await stelace.search.results({ query: "bike" })
  await stelace.forward.get("/plugins/custom")
  await stelace.assets.list(undefined, { signal: new AbortController().signal })

  for await (const item of stelace.assets.paginate({ nbResultsPerPage: 100 })) {
    const id: string = item.id
    void id
  }

  const info: { isAuthenticated: boolean; userId: string | null } = stelace.auth.info()
  void info

  // single sign-on: the login URL, the code exchange (its tokens), the logout through the provider
  const loginUrl: string = stelace.auth.ssoLoginUrl({ platformId: "e1_test", provider: "google" })
  const sso: AuthTokens = await stelace.auth.loginWithCode("code")
  await stelace.auth.loginWithCode("code", (error, result) => void (error ?? result?.userId))
  const logout: ProviderLogout = await stelace.auth.logoutFromProvider()
  if (logout._tag === "Redirect") void logout.url.length
  void [loginUrl, sso]
  // @ts-expect-error the connection's name is needed
  stelace.auth.ssoLoginUrl({ platformId: "e1_test" })
  // @ts-expect-error a code is a string
  await stelace.auth.loginWithCode({ code: "code" })
  const stop = stelace.onError("userSessionExpired", (error: SessionExpired) => void error.message)
  stop()

  // search is page-based in every version; a version chosen at construction types list metas
  const exhaustive: boolean = (await stelace.search.results({ query: "bike" })).paginationMeta.exhaustiveNbResults
  const v2019 = createInstance({ apiKey: "pubk_test_x", apiVersion: "2019-05-20" })
  const nbResults: number = (await v2019.assets.list()).paginationMeta.nbResults
  const v2020 = createInstance({ apiKey: "pubk_test_x", apiVersion: "2020-08-10" })
  const endCursor: string | null = (await v2020.assets.list()).paginationMeta.endCursor
  void [exhaustive, nbResults, endCursor]

  // results carry branded ids; inputs take them or plain strings, not another kind of id
  const assetId: AssetId = asset.id
  await stelace.assets.read(assetId)
  // @ts-expect-error a UserId where an AssetId goes
  if (asset.ownerId) await stelace.assets.read(asset.ownerId)

  // @ts-expect-error order lines have no list route
  stelace.orderLines.list()
  // @ts-expect-error events cannot be updated
  stelace.events.update("evt_1", {})
  // @ts-expect-error path parameters are strings
  stelace.assets.read(123)
  // @ts-expect-error the only error type is userSessionExpired
  stelace.onError("other", () => {})
  // @ts-expect-error data has the route's input type
  stelace.assets.create({ name: 42 })
  // @ts-expect-error two path parameters are required
  stelace.users.removeFromOrganization("usr_1")
}
