/**
 * Loads seed data into a store through the families' own creation logic (defaults, reference
 * checks, computed fields), acting as a secret key. Fixed fields of the seed (ids, dates,
 * statuses) win over computed ones.
 */
import * as Effect from "effect/Effect"
import type { SeedData, SeedObject } from "../Seed.js"
import { defaultRoles, resolveAccess } from "./Access.js"
import type { ApiError } from "./ApiError.js"
import { availability } from "./Availabilities.js"
import * as Families from "./Families.js"
import { latestVersion } from "./Pagination.js"
import * as R from "./Resources.js"
import type { Access, BackendSettings, RequestContext } from "./Route.js"
import { savedSearch } from "./Search.js"
import { type Doc, newId, type Store } from "./Store.js"
import { transaction } from "./Transactions.js"
import { user } from "./Users.js"

/** Stores the API keys and the built-in roles every backend has. */
export const loadBasics = (store: Store, now: number, keys: { secret: string; publishable: string }): void => {
  // one after the other, as a platform's set-up creates them: lists sort on these dates
  for (const role of defaultRoles) {
    const date = store.timestamp(now)
    store.put("role", { id: newId("role"), createdDate: date, updatedDate: date, ...structuredClone(role), metadata: {}, platformData: {} })
  }
  const apiKey = (name: string, key: string, roles: ReadonlyArray<string>, namespaces: ReadonlyArray<string>) => {
    const date = store.timestamp(now)
    return store.put("apiKey", {
      id: newId("apik"),
      createdDate: date,
      updatedDate: date,
      name,
      key,
      roles: [...roles],
      permissions: [],
      readNamespaces: [...namespaces],
      editNamespaces: [...namespaces],
      metadata: {},
      platformData: {}
    })
  }
  apiKey("Secret test key", keys.secret, ["dev"], ["*"])
  apiKey("Publishable test key", keys.publishable, ["public"], [])
  store.config = { stelace: {}, custom: {}, theme: {} }
  store.privateConfig = { stelace: {} }
}

const FIXED = ["id", "createdDate", "updatedDate", "status", "statusHistory", "password"] as const

const loadAll = Effect.fnUntraced(function*(
  base: Omit<RequestContext, "body">,
  family: R.Family,
  records: ReadonlyArray<SeedObject> | undefined
) {
  for (const [index, record] of (records ?? []).entries()) {
    const fields: Doc = { ...record }
    for (const key of FIXED) delete fields[key]
    const ctx: RequestContext = { ...base, body: fields }
    const built = yield* R.build(family, ctx, fields).pipe(
      Effect.mapError((error: ApiError) => new Error(`Invalid seed (${family.name} #${index}): ${error.message}`))
    )
    const doc: Doc = { ...built }
    if (family === user) {
      const organization = record.type === "organization"
      delete doc.type
      doc.organizations = record.organizations ?? {}
      const roles: Array<string> = [...((record.roles as Array<string> | undefined) ?? ["user", "provider"])]
      if (organization && !roles.includes("organization")) roles.push("organization")
      doc.roles = roles
      if (organization) doc.orgOwnerId = record.orgOwnerId ?? null
      doc.id = record.id ?? newId(organization ? "org" : "usr")
      for (const field of ["username", "displayName", "firstname", "lastname", "email", "description"]) doc[field] ??= null
      if (typeof record.password === "string") base.store.passwords.set(doc.id, record.password)
    }
    if (family === Families.message && doc.conversationId === undefined) doc.conversationId = newId("conv")
    if (family === transaction && typeof record.status === "string" && record.status !== doc.status) {
      doc.statusHistory = [{ status: record.status, date: record.updatedDate ?? doc.updatedDate }, ...doc.statusHistory]
      doc.status = record.status
    }
    for (const key of ["id", "createdDate", "updatedDate", "statusHistory"] as const) {
      if (record[key] !== undefined) doc[key] = record[key]
    }
    base.store.put(family.name, doc)
  }
})

/** Loads seed data (after {@link loadBasics}). */
export const loadSeed = Effect.fnUntraced(function*(
  store: Store,
  settings: BackendSettings,
  now: number,
  seed: SeedData
) {
  if (seed.config !== undefined) store.config = { ...store.config, ...structuredClone(seed.config) }
  if (seed.privateConfig !== undefined) store.privateConfig = { ...store.privateConfig, ...structuredClone(seed.privateConfig) }
  const secret = store.all("apiKey").find((key) => String(key.key).startsWith("seck_"))!
  const access = resolveAccess(store, secret, undefined, undefined) as Access
  const base: Omit<RequestContext, "body"> = {
    method: "POST",
    path: "/",
    params: {},
    query: {},
    headers: {},
    version: latestVersion,
    apiUrl: "http://localhost",
    now,
    requestId: "seed",
    store,
    settings,
    access,
    matched: new Set(),
    currentUserId: undefined,
    actsForNamedUser: false
  }
  yield* loadAll(base, Families.role, seed.roles)
  yield* loadAll(base, Families.assetType, seed.assetTypes)
  yield* loadAll(base, Families.category, seed.categories)
  yield* loadAll(base, Families.customAttribute, seed.customAttributes)
  yield* loadAll(base, user, seed.users)
  yield* loadAll(base, Families.asset, seed.assets)
  yield* loadAll(base, availability, seed.availabilities)
  yield* loadAll(base, transaction, seed.transactions)
  yield* loadAll(base, Families.message, seed.messages)
  yield* loadAll(base, Families.rating, seed.ratings)
  yield* loadAll(base, Families.document, seed.documents)
  yield* loadAll(base, Families.entry, seed.entries)
  yield* loadAll(base, Families.task, seed.tasks)
  yield* loadAll(base, Families.webhook, seed.webhooks)
  yield* loadAll(base, Families.workflow, seed.workflows)
  yield* loadAll(base, savedSearch, seed.savedSearches)
})
