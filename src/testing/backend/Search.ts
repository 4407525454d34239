/**
 * `POST /search` over the stored assets, and saved searches (`sch_`).
 *
 * What Elasticsearch does on the real server is done by plain filters here, following the
 * server's query building (`src/services/search.js`) since `/search` cannot run in a differential
 * test without Elasticsearch: a text query matches words of the name, description and text custom
 * attributes (ranked by matches), categories include their sub-categories, `customAttributes`
 * are the server's term and range filters, `location` keeps assets with a location within
 * `maxDistance` metres (great-circle distance, as `geo_distance`), periods filter by
 * availability, and `sort` steps put missing values last in either order, then the best matches.
 * `filter` is applied as Stelace's hosted API does ({@link parseFilter}); an open-source server
 * without its plugin ignores it. The response is page-based in every version, with
 * `exhaustiveNbResults: true`. `similarTo` is accepted and ignored.
 */
import * as Effect from "effect/Effect"
import { type ApiError, badRequest, forbidden, notFound, unprocessable } from "./ApiError.js"
import { isAvailable } from "./Availabilities.js"
import { recordEvent } from "./EventLog.js"
import { asset as assetFamily } from "./Families.js"
import { offsetPage, sortDocs } from "./Pagination.js"
import { matchesRange, toList } from "./QueryString.js"
import { type AttributeKind, FilterError, type FilterNode, matchesFilter, mentions, parseFilter } from "./SearchFilter.js"
import * as R from "./Resources.js"
import { F, dataFields, type Family } from "./Resources.js"
import { can, type RequestContext, route, type Route } from "./Route.js"
import type { Doc, Store } from "./Store.js"
import * as V from "./Validation.js"

const idsRule = V.array(V.string(), { single: true })

const searchFields = {
  query: V.string({ empty: true }),
  categoryId: idsRule,
  assetTypeId: idsRule,
  location: V.object({
    latitude: V.required(V.number({ min: -90, max: 90 })),
    longitude: V.required(V.number({ min: -180, max: 180 }))
  }, { unknown: true }),
  maxDistance: V.integer({ min: 1 }),
  startDate: V.isoDate(),
  endDate: V.isoDate(),
  quantity: V.integer({ min: 1 }),
  without: idsRule,
  similarTo: idsRule,
  page: V.integer({ min: 1 }),
  nbResultsPerPage: V.integer({ min: 1, max: 100 }),
  customAttributes: V.record(),
  filter: V.string({ max: 512, empty: true }),
  validated: V.boolean(),
  active: V.nullable(V.boolean()),
  sort: V.array(V.object(undefined, { values: V.string({ valid: ["asc", "desc"] }) }), { single: true }),
  availabilityFilter: V.object({
    enabled: V.boolean(),
    fullPeriod: V.boolean(),
    unavailableWhen: V.alternatives([V.nullable(V.string()), V.nullable(V.array(V.string()))])
  }),
  createdBefore: V.nullable(V.isoDate()),
  createdAfter: V.nullable(V.isoDate())
}

const searchBody = V.object({
  ...searchFields,
  save: V.boolean(),
  name: V.string({ max: 255 }),
  userId: V.string(),
  savedSearch: V.object({ userId: V.string(), ids: idsRule }),
  ...dataFields
})

/** Elasticsearch's mean Earth radius, in metres, which its `geo_distance` (arc) uses. */
const EARTH_RADIUS = 6_371_008.7714

const distance = (a: Doc, b: Doc): number => {
  const rad = (deg: number) => (deg * Math.PI) / 180
  const dLat = rad(b.latitude - a.latitude)
  const dLng = rad(b.longitude - a.longitude)
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS * Math.asin(Math.sqrt(h))
}

const descendants = (store: Store, ids: ReadonlyArray<string>): Set<string> => {
  const found = new Set(ids)
  let grew = true
  while (grew) {
    grew = false
    for (const category of store.all("category")) {
      if (category.parentId && found.has(category.parentId) && !found.has(category.id)) {
        found.add(category.id)
        grew = true
      }
    }
  }
  return found
}

/**
 * A `customAttributes` entry as the server checks it: a number or a range (`gt`, `gte`, `lt`,
 * `lte`) for numbers, a boolean for booleans, a string for text; `null` is no filter.
 */
const validAttributeQuery = (type: string, wanted: unknown): boolean => {
  switch (type) {
    case "number":
      return typeof wanted === "number" ||
        (typeof wanted === "object" && wanted !== null && !Array.isArray(wanted) &&
          Object.keys(wanted).every((key) => ["gt", "gte", "lt", "lte"].includes(key)))
    case "boolean":
      return typeof wanted === "boolean"
    case "text":
      return typeof wanted === "string"
    default:
      return true
  }
}

/** The server's Elasticsearch filter of a `customAttributes` entry: terms, ranges, all tags. */
const matchesAttribute = (type: string, actual: unknown, wanted: unknown): boolean => {
  if (wanted === null) return true
  if (actual === undefined || actual === null) return false
  switch (type) {
    case "number":
      return matchesRange(actual, wanted, "number")
    case "boolean":
    case "text":
      return actual === wanted
    case "select":
      return (Array.isArray(wanted) ? wanted : [wanted]).includes(actual)
    case "tags":
      return Array.isArray(actual) && (Array.isArray(wanted) ? wanted : [wanted]).every((tag) => actual.includes(tag))
    default:
      return true
  }
}

/** An asset's value of a `filter` attribute: a built-in (`_price`...) or a custom attribute. */
const filterValue = (asset: Doc) => (name: string): unknown => {
  switch (name) {
    case "_price":
      return asset.price
    case "_validated":
      return asset.validated
    case "_active":
      return asset.active
    case "_id":
      return asset.id
    case "_categoryId":
      return asset.categoryId
    case "_assetTypeId":
      return asset.assetTypeId
    case "_ownerId":
      return asset.ownerId
    case "_name":
      return asset.name
    default:
      return asset.customAttributes?.[name]
  }
}

interface Hit {
  readonly asset: Doc
  readonly score: number
  readonly available: boolean
}

/** Runs search parameters over the stored assets; the hits in result order. */
const run = (ctx: RequestContext, search: Doc): Effect.Effect<Array<Hit>, ApiError> =>
  Effect.suspend(() => {
    const store = ctx.store
    const definitions = new Map(store.all("customAttribute").map((attr) => [attr.name as string, attr]))
    const wantedAttributes = Object.entries((search.customAttributes ?? {}) as Doc)
    if (wantedAttributes.some(([name]) => !definitions.has(name))) {
      return Effect.fail(unprocessable("Unknown attribute in custom attributes query object"))
    }
    for (const [name, wanted] of wantedAttributes) {
      const type = definitions.get(name)!.type
      if (wanted !== null && !validAttributeQuery(type, wanted)) {
        return Effect.fail(unprocessable(`Invalid value for custom attribute ${name} of type ${type}`))
      }
    }
    const filterSource = typeof search.filter === "string" ? search.filter.trim() : ""
    let filter: FilterNode | undefined
    if (filterSource !== "") {
      const parsed = parseFilter(filterSource, (name) => definitions.get(name)?.type as AttributeKind | undefined)
      if (parsed instanceof FilterError) {
        return Effect.fail(badRequest(parsed.message, { filter: search.filter, location: parsed.location }))
      }
      filter = parsed
    }
    // a built-in the filter names takes over from the search's own parameter, as on the server
    const filterDecides = (builtIn: string) => filter !== undefined && mentions(filterSource, builtIn)
    if (search.startDate && search.endDate && search.endDate <= search.startDate) {
      return Effect.fail(unprocessable("End date must be after start date"))
    }
    const sortSteps: Array<[string, "asc" | "desc"]> = toSortSteps(search.sort)
    for (const [index, [field]] of sortSteps.entries()) {
      const builtIn = ["_createdDate", "_updatedDate", "_name", "_validated", "_active", "_price"]
      const attr = definitions.get(field)
      if (field === "_available") {
        if (index > 0) return Effect.fail(unprocessable("_available sorting should come as the first element of the sorting array"))
      } else if (!builtIn.includes(field) && !(attr && ["text", "number", "boolean"].includes(attr.type))) {
        return Effect.fail(unprocessable(`Can't sort by custom attribute ${field} of type ${attr?.type}`))
      }
    }

    const words = String(search.query ?? "").toLowerCase().split(/\s+/).filter((word) => word !== "")
    const categories = search.categoryId === undefined || filterDecides("_categoryId")
      ? undefined
      : descendants(store, toList(search.categoryId))
    const assetTypes = search.assetTypeId === undefined || filterDecides("_assetTypeId")
      ? undefined
      : new Set(toList(search.assetTypeId))
    const without = new Set(toList(search.without))
    const active = filterDecides("_active") ? null : search.active === undefined ? true : search.active
    const validated = filterDecides("_validated") ? undefined : search.validated
    const maxDistance = search.maxDistance ?? store.config.stelace?.search?.maxDistance ?? 40_000_000
    const quantity = search.quantity ?? 1
    const checkAvailability = search.availabilityFilter?.enabled !== false
    const startDate = search.startDate === undefined ? undefined : new Date(search.startDate).toISOString()
    const endDate = search.endDate === undefined
      ? (startDate === undefined ? undefined : new Date(Date.parse(startDate) + 1).toISOString())
      : new Date(search.endDate).toISOString()

    const hits: Array<Hit> = []
    for (const asset of store.all("asset")) {
      if (active !== null && asset.active !== active) continue
      if (validated !== undefined && asset.validated !== validated) continue
      if (without.has(asset.id)) continue
      if (categories !== undefined && !categories.has(asset.categoryId)) continue
      if (assetTypes !== undefined && !assetTypes.has(asset.assetTypeId)) continue
      if (search.createdBefore && !(asset.createdDate <= new Date(search.createdBefore).toISOString())) continue
      if (search.createdAfter && !(asset.createdDate >= new Date(search.createdAfter).toISOString())) continue
      if (!wantedAttributes.every(([name, wanted]) =>
        matchesAttribute(definitions.get(name)!.type, asset.customAttributes?.[name], wanted))) continue
      if (filter !== undefined && !matchesFilter(filter, filterValue(asset))) continue

      let score = 0
      if (words.length > 0) {
        const texts = [asset.name, asset.description, ...Object.entries(asset.customAttributes ?? {})
          .filter(([name]) => definitions.get(name)?.type === "text")
          .map(([, value]) => value)]
          .filter((text) => typeof text === "string")
          .join(" ")
          .toLowerCase()
        score = words.filter((word) => texts.includes(word)).length
        if (score === 0) continue
      }

      // `geo_distance` on `locations`: one of the asset's locations is near enough (position
      // does not change the score: it filters, it does not rank)
      if (search.location !== undefined &&
        !(asset.locations ?? []).some((location: Doc) => distance(search.location, location) <= maxDistance)) continue

      let available = true
      if (startDate !== undefined && endDate !== undefined) {
        const type = store.get("assetType", asset.assetTypeId)
        if (type?.timeBased && !type.infiniteStock) {
          available = isAvailable(store, asset, startDate, endDate, quantity)
        }
      } else if (quantity > 1) {
        available = Number(asset.quantity) >= quantity
      }
      if (checkAvailability && !available) continue

      hits.push({ asset, score, available })
    }
    return Effect.succeed(sortHits(hits, sortSteps))
  })

const toSortSteps = (sort: unknown): Array<[string, "asc" | "desc"]> =>
  (Array.isArray(sort) ? sort : sort === undefined ? [] : [sort]).flatMap((step: Doc) =>
    Object.entries(step) as Array<[string, "asc" | "desc"]>
  )

const sortValue = (hit: Hit, field: string): unknown => {
  switch (field) {
    case "_createdDate":
      return hit.asset.createdDate
    case "_updatedDate":
      return hit.asset.updatedDate
    case "_name":
      return String(hit.asset.name).toLowerCase()
    case "_validated":
      return hit.asset.validated ? 1 : 0
    case "_active":
      return hit.asset.active ? 1 : 0
    case "_price":
      return Number(hit.asset.price)
    case "_available":
      return hit.available ? 1 : 0
    default:
      return hit.asset.customAttributes?.[field]
  }
}

/** Compares two present values; missing ones are placed by the caller. */
const compare = (a: unknown, b: unknown): number => (a === b ? 0 : (a as number) < (b as number) ? -1 : 1)

const missing = (value: unknown) => value === undefined || value === null

const sortHits = (hits: Array<Hit>, steps: ReadonlyArray<[string, "asc" | "desc"]>): Array<Hit> => {
  const byDate = sortDocs(hits.map((hit) => ({ ...hit.asset, hit })), "createdDate", "desc").map((doc) => doc.hit as Hit)
  return byDate.sort((a, b) => {
    for (const [field, order] of steps) {
      const [left, right] = [sortValue(a, field), sortValue(b, field)]
      // `missing: "_last"` on the server: assets without the value come last, in either order
      if (missing(left) || missing(right)) {
        if (missing(left) !== missing(right)) return missing(left) ? 1 : -1
        continue
      }
      const result = compare(left, right)
      if (result !== 0) return order === "desc" ? -result : result
    }
    // then `_score`, then (without sort) the newest first, the order `byDate` starts from
    return b.score - a.score
  })
}

const SEARCH_KEYS = Object.keys(searchFields)

const pick = (body: Doc): Doc => Object.fromEntries(Object.entries(body).filter(([key]) => SEARCH_KEYS.includes(key)))

/** Saved searches (documents of type `savedSearch` on the real server). */
export const savedSearch: Family = {
  name: "savedSearch",
  path: "/search",
  prefix: "sch",
  operations: ["list", "read", "remove"],
  scope: "own",
  owners: (doc) => [doc.userId],
  update: V.object({ name: V.string({ max: 255 }), active: V.boolean(), ...dataFields }),
  filters: { userId: F.in(), active: F.equals("boolean") }
}

/**
 * PATCH /search/:id. The real server's check is inverted: anyone but the search's user (with
 * `savedSearch:edit`) may update it, its user may not (without `savedSearch:edit:all`). The
 * backend refuses its user as production does, but does not let anyone else change someone's
 * saved search (a deliberate difference, docs/testing.md): without `savedSearch:edit:all`, nobody does.
 */
const updateSavedSearch = Effect.fnUntraced(function*(ctx: RequestContext) {
  const previous = ctx.store.get("savedSearch", ctx.params.id!)
  if (previous === undefined) return yield* Effect.fail(notFound())
  if (!can(ctx.access, "savedSearch:edit:all")) return yield* Effect.fail(forbidden())
  const doc = R.applyPatch(savedSearch, previous, ctx.body, ctx)
  ctx.store.put("savedSearch", doc)
  return R.expose(savedSearch, doc, ctx)
})

/** `save: true`: validates the search, then stores it for its user. */
const save = Effect.fnUntraced(function*(ctx: RequestContext) {
  if (!can(ctx.access, "savedSearch:create") && !can(ctx.access, "savedSearch:create:all")) {
    return yield* Effect.fail(forbidden("No appropriate permission"))
  }
  if (ctx.body.name === undefined) return yield* Effect.fail(V.validationError(V.validate({}, V.object({ name: V.required(V.string()) }), "body").details))
  const all = can(ctx.access, "savedSearch:create:all")
  const userId = ctx.body.userId ?? ctx.currentUserId
  if (!all && (userId === undefined || userId !== ctx.currentUserId)) return yield* Effect.fail(forbidden())
  yield* run(ctx, pick(ctx.body))
  const doc = yield* R.build(savedSearch, ctx, {
    name: ctx.body.name,
    userId: userId ?? null,
    search: pick(ctx.body),
    active: true,
    ...(ctx.body.metadata === undefined ? {} : { metadata: ctx.body.metadata }),
    ...(ctx.body.platformData === undefined ? {} : { platformData: ctx.body.platformData })
  })
  ctx.store.put("savedSearch", doc)
  return R.expose(savedSearch, doc, ctx)
})

/** `savedSearch: { userId?, ids? }`: results of the stored searches, each tagged with `savedSearchIds`. */
const runSaved = Effect.fnUntraced(function*(ctx: RequestContext) {
  if (!can(ctx.access, "savedSearch:list") && !can(ctx.access, "savedSearch:list:all")) {
    return yield* Effect.fail(forbidden())
  }
  const { ids, userId = ctx.currentUserId } = ctx.body.savedSearch as Doc
  const wanted = ids === undefined ? undefined : new Set(toList(ids))
  const searches = ctx.store.all("savedSearch").filter((doc) =>
    doc.active && (wanted === undefined ? doc.userId === userId : wanted.has(doc.id)) &&
    (can(ctx.access, "savedSearch:list:all") || doc.userId === ctx.currentUserId)
  )
  const tagged = new Map<string, { hit: Hit; ids: Array<string> }>()
  for (const search of searches) {
    for (const hit of yield* run(ctx, { ...search.search, ...pick(ctx.body) })) {
      const entry = tagged.get(hit.asset.id) ?? { hit, ids: [] }
      entry.ids.push(search.id)
      tagged.set(hit.asset.id, entry)
    }
  }
  return [...tagged.values()].map(({ hit, ids: savedSearchIds }) => ({ hit, savedSearchIds }))
})

/** POST /search. */
const search = Effect.fnUntraced(function*(ctx: RequestContext) {
  if (ctx.body.save === true) return yield* save(ctx)
  if (!can(ctx.access, "search:list:all")) return yield* Effect.fail(forbidden("No appropriate permission"))
  const page = ctx.body.page ?? 1
  const size = ctx.body.nbResultsPerPage ?? 20
  const availabilityShown = ctx.body.availabilityFilter?.enabled === false
  const show = (hit: Hit, extra: Doc = {}) => ({
    ...R.expose(assetFamily, hit.asset, ctx),
    ...(availabilityShown ? { available: hit.available } : {}),
    ...extra
  })
  const results = ctx.body.savedSearch !== undefined
    ? (yield* runSaved(ctx)).map(({ hit, savedSearchIds }) => show(hit, { savedSearchIds }))
    : (yield* run(ctx, pick(ctx.body))).map((hit) => show(hit))
  recordEvent(ctx, {
    type: "assets__searched",
    metadata: { searchQuery: pick(ctx.body), nbResults: results.length }
  })
  return { ...offsetPage(results, page, size), exhaustiveNbResults: true }
})

/** The search routes. */
export const routes: ReadonlyArray<Route> = [
  route("POST", "/search", {
    permissions: ["search:list:all", "savedSearch:create", "savedSearch:create:all"],
    body: searchBody
  }, search),
  ...R.routes(savedSearch),
  route("PATCH", "/search/:id", { permissions: ["savedSearch:edit", "savedSearch:edit:all"], body: V.required(savedSearch.update!) }, updateSavedSearch)
]
