/**
 * A strict TypeScript app (strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess) against
 * the published declarations. Compiled by test/types/consumer.test.ts, never run. Each
 * `@ts-expect-error` marks code that must not compile; everything else must.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type {
  Asset,
  AssetId,
  CursorPagination,
  ListResult,
  OffsetPagination,
  PaginationMeta,
  SearchPagination,
  StelaceInstance,
  UserId
} from "stelace-effect"
import { Assets, AssetTypes, createInstance, type DecodeError, Search, Transactions, Users } from "stelace-effect"
import * as Schemas from "stelace-effect/Schemas"

declare const env: { readonly STELACE_API_KEY?: string; readonly STELACE_VERSION?: string }

export async function theIssueExamples(query: string) {
  const s = createInstance({ apiKey: "pubk_test_x" })

  // search is page-based whatever the version
  const exhaustive: boolean = (await s.search.results({ query })).paginationMeta.exhaustiveNbResults
  const searchMeta: SearchPagination = (await s.search.list({ query })).paginationMeta

  // the version chosen at construction types every list's meta
  const v2019 = createInstance({ apiKey: "pubk_test_x", apiVersion: "2019-05-20" })
  const list = await v2019.assets.list()
  const nbResults: number = list.paginationMeta.nbResults
  const offset: OffsetPagination = list.paginationMeta

  const v2020 = createInstance({ apiKey: "pubk_test_x", apiVersion: "2020-08-10" })
  const cursors = await v2020.assets.list()
  const endCursor: string | null = cursors.paginationMeta.endCursor
  const cursor: CursorPagination = cursors.paginationMeta
  // @ts-expect-error a cursor-based list has no nbResults
  void cursors.paginationMeta.nbResults

  // unset (the platform's version): either kind, to narrow
  const either = (await s.assets.list()).paginationMeta
  // @ts-expect-error either kind: nbResults may be missing
  void either.nbResults
  const pages: number | undefined = "nbPages" in either ? either.nbPages : undefined

  // the five lists that are plain arrays under 2019-05-20: one page holding every item
  const assetTypes = await v2019.assetTypes.list()
  const onlyPage: 1 = assetTypes.paginationMeta.page
  const cursorTypes: CursorPagination = (await v2020.assetTypes.list()).paginationMeta

  // a version read from the environment types lists as either kind
  const fromEnv = createInstance({ apiKey: env.STELACE_API_KEY, apiVersion: env.STELACE_VERSION })
  const envMeta: PaginationMeta = (await fromEnv.assets.list()).paginationMeta

  // typed instances are still instances, and lists still ListResults
  const instance: StelaceInstance = v2019
  const results: ListResult<Asset> = list
  v2019.setApiVersion("2019-05-20")
  // @ts-expect-error an instance typed for 2019-05-20 cannot switch to cursors
  v2019.setApiVersion("2020-08-10")
  s.setApiVersion("2020-08-10")

  return [exhaustive, searchMeta, nbResults, offset, endCursor, cursor, pages, onlyPage, cursorTypes, envMeta, instance, results]
}

export async function brandedIds(s: StelaceInstance, plain: string) {
  const asset = await s.assets.read("ast_1")
  const id: AssetId = asset.id
  const text: string = asset.id
  await s.assets.read(asset.id)
  await s.assets.read(plain)
  await s.assets.update(asset.id, { categoryId: plain, assetTypeId: asset.assetTypeId })
  const sameAsset: boolean = asset.id === "ast_1"

  const owner: UserId | null = asset.ownerId
  if (owner !== null) {
    await s.users.read(owner)
    await s.transactions.list({ ownerId: [owner, plain] })
    // @ts-expect-error a UserId is not an AssetId
    await s.assets.read(owner)
    // @ts-expect-error nor in a body
    await s.transactions.create({ assetId: owner })
    // @ts-expect-error nor in a filter
    await s.assets.list({ id: [owner] })
  }
  // @ts-expect-error a plain string is not an AssetId: ids come from results (or Schemas.AssetId)
  const forged: AssetId = plain
  const decodedId: AssetId = Schema.decodeUnknownSync(Schemas.AssetId)(plain)
  return [id, text, sameAsset, forged, decodedId]
}

export const effectProgram = Effect.gen(function*() {
  const page = yield* Assets.list({ nbResultsPerPage: 10 })
  const first: Asset | undefined = page.results[0]
  // @ts-expect-error without a registered version, either kind
  void page.paginationMeta.nbResults

  const found = yield* Search.results({ query: "bike" })
  const exhaustive: boolean = found.paginationMeta.exhaustiveNbResults
  const available: boolean | undefined = found.results[0]?.available

  const types = yield* AssetTypes.list()
  const typeId = types.results[0]?.id
  if (typeId !== undefined) yield* AssetTypes.read(typeId)

  if (first !== undefined) {
    yield* Assets.read(first.id)
    // @ts-expect-error an AssetId where a UserId goes
    yield* Users.read(first.id)
  }

  const decoded = yield* Assets.list().pipe(Schemas.decodeAs(Schemas.Page(Schemas.Asset)))
  const decodedFirst: Asset | undefined = decoded.results[0]
  const requestId: string | undefined = decoded.lastResponse.requestId

  const MyAsset = Schemas.extend(Schemas.Asset, { metadata: Schemas.resource({ color: Schema.String }) })
  const mine = yield* Assets.read("ast_1").pipe(Schemas.decodeAs(MyAsset))
  const color: string = mine.metadata.color
  const name: string = mine.name

  const transaction = yield* Transactions.read("trn_1").pipe(
    Schemas.decodeAs(Schemas.Transaction),
    Effect.catchTag("DecodeError", (error: DecodeError) => Effect.fail(error.path))
  )
  const taker: UserId = transaction.takerId
  return [first, exhaustive, available, decodedFirst, requestId, color, name, taker]
})
