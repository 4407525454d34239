/**
 * What a backend starts with: `'demo'` (a small rental marketplace), `'empty'` (only API keys
 * and the built-in roles), or a test's own data.
 *
 * Seed objects are partial: missing ids, dates, defaults and computed fields (a transaction's
 * amounts, an asset's default asset type) are filled in as the API would on creation. Fixed ids
 * let tests refer to seed objects; users may carry a `password` to log in with.
 *
 * @example
 * ```ts
 * const seed: StelaceTest.SeedData = {
 *   users: [{ id: "usr_owner000000000000001", username: "owner@example.com", password: "secret-password" }],
 *   assets: [{ name: "Kayak", ownerId: "usr_owner000000000000001", price: 20 }]
 * }
 * ```
 */

/** A seed object: any fields of the resource, all optional. */
export type SeedObject = Readonly<Record<string, unknown>>

/** A seed user or organization, with an optional password. */
export type SeedUser = SeedObject & { readonly password?: string }

/** A test's own seed. */
export interface SeedData {
  /** The secret and publishable keys (the defaults of {@link defaultKeys} otherwise). */
  readonly apiKeys?: { readonly secret?: string; readonly publishable?: string }
  /** Public configuration (`GET /config`). */
  readonly config?: SeedObject
  /** Private configuration (`GET /config/private`). */
  readonly privateConfig?: SeedObject
  readonly roles?: ReadonlyArray<SeedObject>
  readonly assetTypes?: ReadonlyArray<SeedObject>
  readonly categories?: ReadonlyArray<SeedObject>
  readonly customAttributes?: ReadonlyArray<SeedObject>
  readonly users?: ReadonlyArray<SeedUser>
  readonly assets?: ReadonlyArray<SeedObject>
  readonly availabilities?: ReadonlyArray<SeedObject>
  /** Transactions; a `status` other than the initial one is recorded in `statusHistory`. */
  readonly transactions?: ReadonlyArray<SeedObject>
  readonly messages?: ReadonlyArray<SeedObject>
  readonly ratings?: ReadonlyArray<SeedObject>
  readonly documents?: ReadonlyArray<SeedObject>
  readonly entries?: ReadonlyArray<SeedObject>
  readonly tasks?: ReadonlyArray<SeedObject>
  readonly webhooks?: ReadonlyArray<SeedObject>
  readonly workflows?: ReadonlyArray<SeedObject>
  readonly savedSearches?: ReadonlyArray<SeedObject>
}

/** A seed: `'demo'`, `'empty'`, or data (possibly computed from the backend's start time). */
export type Seed = "demo" | "empty" | SeedData | ((now: Date) => SeedData)

/** The API keys of every backend whose seed does not choose its own. */
export const defaultKeys = {
  secretApiKey: "seck_test_LocalStelaceSecretKey0001",
  publishableApiKey: "pubk_test_LocalStelacePublicKey0001"
} as const
