/**
 * The shapes the Stelace API sends and accepts: resources, route results, request bodies and list
 * queries. Plain TypeScript types only; nothing here exists at runtime.
 *
 * The types follow the server (stelace/stelace `dev`, API versions 2019-05-20 and 2020-08-10):
 * an optional field is one the server may leave out, and `| null` marks a field it sends as
 * `null`. Inputs accept readonly arrays, so a value read from a result can be sent back as is.
 *
 * @since 0.1.0
 */

// The "any other string" half of an open union: it keeps editor suggestions for the known values.
type OtherString = string & Record<never, never>

// An object with exactly one of the given keys, e.g. `{ d: 2 }` and not `{ d: 2, h: 1 }`.
type OneKeyOf<Keys extends string, Key extends Keys = Keys> = Key extends Keys
  ? { readonly [K in Key]: number } & { readonly [K in Exclude<Keys, Key>]?: never }
  : never

// ---------------------------------------------------------------------------------------------
// Shared values
// ---------------------------------------------------------------------------------------------

/** An API version the server knows, sent in the `x-stelace-version` header. */
export type ApiVersion = "2020-08-10" | "2019-05-20"

/** A sort direction. */
export type SortOrder = "asc" | "desc"

/** A time unit: minute, hour, day, night, week, month. */
export type TimeUnit = "m" | "h" | "d" | "n" | "w" | "M"

/** A duration with exactly one time unit and a whole number of units, e.g. `{ d: 1 }`. */
export type Duration = OneKeyOf<TimeUnit>

/** A point on Earth, in degrees. */
export interface GeoPoint {
  readonly latitude: number
  readonly longitude: number
}

/** An asset location: a point plus any custom properties stored next to it. */
export interface AssetLocation extends GeoPoint {
  readonly [key: string]: unknown
}

/** The `{ id }` body every DELETE route answers with (also when the object did not exist). */
export interface Deleted {
  readonly id: string
}

/** The `{ success: true }` body of routes that have nothing else to say. */
export interface Success {
  readonly success: true
}

// ---------------------------------------------------------------------------------------------
// List queries and pages
// ---------------------------------------------------------------------------------------------

/** Bounds for a range filter; each key is optional (`lt` and `lte` exclude each other, as do `gt` and `gte`). */
export interface Range<T> {
  readonly lt?: T
  readonly lte?: T
  readonly gt?: T
  readonly gte?: T
}

/** A filter that matches one exact value or a range, e.g. `{ gte: "2020-01-01" }` for dates. */
export type RangeFilter<T> = T | Range<T>

/** One id or several ids; several match any of them. */
export type IdFilter = string | ReadonlyArray<string>

/** One value or several values; several match any of them. */
export type StringFilter = string | ReadonlyArray<string>

/**
 * Page position and size. `page` works only under API version 2019-05-20; `startingAfter` and
 * `endingBefore` (mutually exclusive) only under 2020-08-10, where sending `page` is a 400.
 */
export interface PaginationParams {
  /** From 1 to 100; 20 by default. */
  nbResultsPerPage?: number
  /** 1-based page number (offset pagination). */
  page?: number
  /** The `endCursor` of the previous page (cursor pagination). */
  startingAfter?: string
  /** The `startCursor` of the next page (cursor pagination). */
  endingBefore?: string
}

/** Sort field and direction of a list; the default is `createdDate`, `desc`. */
export interface OrderParams<OrderBy extends string> {
  orderBy?: OrderBy
  order?: SortOrder
}

/**
 * The query parameters most list routes share. Under 2020-08-10 `orderBy` is limited to
 * `createdDate` or `updatedDate`; resources that accepted more fields under 2019-05-20 widen it.
 */
export interface ListParams<OrderBy extends string = "createdDate" | "updatedDate">
  extends PaginationParams, OrderParams<OrderBy>
{
  id?: IdFilter
  createdDate?: RangeFilter<string>
  updatedDate?: RangeFilter<string>
}

/** Pagination metadata of an offset-paginated list (API version 2019-05-20, search, event stats). */
export interface OffsetPagination {
  readonly nbResults: number
  readonly nbPages: number
  readonly page: number
  readonly nbResultsPerPage: number
  /** Search only: `false` when `nbResults` is a lower bound. */
  readonly exhaustiveNbResults?: boolean
}

/** Pagination metadata of a cursor-paginated list (API version 2020-08-10). */
export interface CursorPagination {
  readonly hasPreviousPage: boolean
  readonly hasNextPage: boolean
  readonly startCursor: string | null
  readonly endCursor: string | null
  readonly nbResultsPerPage: number
}

/** The body of an offset-paginated list. */
export interface OffsetPage<T> extends OffsetPagination {
  readonly results: ReadonlyArray<T>
}

/** The body of a cursor-paginated list. */
export interface CursorPage<T> extends CursorPagination {
  readonly results: ReadonlyArray<T>
}

/** The body of a paginated list, in whichever shape the API version gives. */
export type Page<T> = OffsetPage<T> | CursorPage<T>

/**
 * Any list body: a page, or a plain array, which is what `/asset-types`, `/categories`, `/roles`,
 * `/webhooks` and `/workflows` return under 2019-05-20.
 */
export type ListBody<T> = Page<T> | ReadonlyArray<T>

// ---------------------------------------------------------------------------------------------
// Resources: common parts
// ---------------------------------------------------------------------------------------------

/**
 * The fields every exposed object has. Keys of `metadata` and `platformData` that start with `_`
 * are namespaces (`_private`, `_protected`, ...) and are left out unless the caller may read them.
 */
export interface BaseResource {
  /** Prefix, underscore and random part, e.g. `ast_2l7fQps1I3a1gJYz2I3a`. */
  readonly id: string
  /** ISO 8601 date-time. */
  readonly createdDate: string
  /** ISO 8601 date-time. */
  readonly updatedDate: string
  readonly metadata: Record<string, unknown>
  readonly platformData: Record<string, unknown>
  /** `true` for objects of the live environment. */
  readonly livemode: boolean
}

/** The `metadata` and `platformData` a create or update body may carry; PATCH merges them deeply. */
export interface CustomDataParams {
  metadata?: Record<string, unknown>
  /** Needs the `platformData:edit:all` permission. */
  platformData?: Record<string, unknown>
}

// ---------------------------------------------------------------------------------------------
// API keys
// ---------------------------------------------------------------------------------------------

/** A key type: secret, publishable, content, or a custom type of 5-10 alphanumeric characters. */
export type ApiKeyType = "seck" | "pubk" | "cntk" | OtherString

/** An API key (`apik_`). */
export interface ApiKey extends BaseResource {
  readonly name: string
  /** Obfuscated for secret and custom keys unless read with `reveal: 1`; in full once, on create. */
  readonly key: string
  readonly roles: ReadonlyArray<string>
  readonly permissions: ReadonlyArray<string>
  readonly readNamespaces: ReadonlyArray<string>
  readonly editNamespaces: ReadonlyArray<string>
}

/** Body of `POST /api-keys`. Roles, permissions and namespaces apply to custom types only. */
export interface ApiKeyCreateParams extends CustomDataParams {
  name: string
  type?: ApiKeyType
  roles?: ReadonlyArray<string>
  permissions?: ReadonlyArray<string>
  readNamespaces?: ReadonlyArray<string>
  editNamespaces?: ReadonlyArray<string>
}

/** Body of `PATCH /api-keys/:id`. */
export type ApiKeyUpdateParams = Partial<Omit<ApiKeyCreateParams, "type">>

/** Query of `GET /api-keys/:id`. */
export interface ApiKeyReadParams {
  /** `1` shows the full key (system calls, or `apiKey:create:all` / `apiKey:edit:all`). */
  reveal?: 0 | 1
}

/** Query of `GET /api-keys`; `orderBy: "name"` works only under 2019-05-20. */
export interface ApiKeyListParams extends ListParams<"createdDate" | "updatedDate" | "name">, ApiKeyReadParams {
  type?: ApiKeyType
}

// ---------------------------------------------------------------------------------------------
// Assets, asset types, categories, custom attributes, availabilities
// ---------------------------------------------------------------------------------------------

/** An asset (`ast_`): the thing a platform lists. */
export interface Asset extends BaseResource {
  readonly name: string
  readonly description: string | null
  readonly ownerId: string | null
  readonly categoryId: string | null
  readonly validated: boolean
  readonly active: boolean
  readonly locations: ReadonlyArray<AssetLocation>
  readonly assetTypeId: string
  readonly quantity: number
  readonly price: number
  readonly currency: string | null
  /** Values keyed by custom attribute name. */
  readonly customAttributes: Record<string, unknown>
}

/** Body of `POST /assets`. */
export interface AssetCreateParams extends CustomDataParams {
  name: string
  /** Defaults to the current user; another user needs `asset:create:all`. */
  ownerId?: string | null
  description?: string | null
  categoryId?: string | null
  validated?: boolean
  active?: boolean
  locations?: ReadonlyArray<AssetLocation>
  assetTypeId?: string
  quantity?: number
  price?: number
  currency?: string
  customAttributes?: Record<string, unknown>
}

/** Body of `PATCH /assets/:id`; the owner cannot change. */
export type AssetUpdateParams = Partial<Omit<AssetCreateParams, "ownerId">>

/** Query of `GET /assets`; sorting on fields other than the dates works only under 2019-05-20. */
export interface AssetListParams
  extends ListParams<"createdDate" | "updatedDate" | "name" | "quantity" | "price" | "validated" | "active">
{
  ownerId?: IdFilter
  categoryId?: IdFilter
  assetTypeId?: IdFilter
  validated?: boolean
  active?: boolean
  quantity?: RangeFilter<number>
  price?: RangeFilter<number>
}

/** Platform fees of an asset type, in whole percents (0-100). */
export interface AssetTypePricing {
  readonly ownerFeesPercent: number
  readonly takerFeesPercent: number
}

/** Time settings of an asset type. */
export interface AssetTypeTiming {
  readonly timeUnit: TimeUnit
  readonly minDuration: Duration | null
  readonly maxDuration: Duration | null
}

/** A transition of a transaction process; `from` may be `"*"` (any status). */
export interface TransactionTransition {
  readonly name: string
  readonly from: string
  readonly to: string
  /** Who may trigger it, e.g. `["owner"]`, `["taker"]`. */
  readonly actors?: ReadonlyArray<string>
}

/** A custom transaction process (the default one is used when an asset type has none). */
export interface TransactionProcess {
  readonly initStatus: string
  readonly cancelStatus: string
  readonly transitions: ReadonlyArray<TransactionTransition>
}

/** Which namespaces become visible to the other party, by transaction statuses. */
export interface AssetTypeNamespaces {
  readonly visibility: Readonly<Record<string, ReadonlyArray<string>>>
}

/** An asset type (`typ_`): how assets of a kind are booked. */
export interface AssetType extends BaseResource {
  readonly name: string
  readonly timeBased: boolean
  readonly infiniteStock: boolean
  /** Left out (like `timing`, `unavailableWhen`, `transactionProcess`) if the plan has no transaction permission. */
  readonly pricing?: AssetTypePricing
  readonly timing?: AssetTypeTiming
  /** Statuses that block availability; `null` means `["validated", "completed"]`. */
  readonly unavailableWhen?: ReadonlyArray<string> | null
  readonly transactionProcess?: TransactionProcess | null
  readonly namespaces: AssetTypeNamespaces
  readonly isDefault: boolean
  readonly active: boolean
}

/** Body of `POST /asset-types`. */
export interface AssetTypeCreateParams extends CustomDataParams {
  name: string
  timeBased: boolean
  infiniteStock?: boolean
  pricing?: Partial<AssetTypePricing>
  timing?: Partial<AssetTypeTiming>
  transactionProcess?: {
    initStatus: string
    cancelStatus: string
    transitions?: ReadonlyArray<TransactionTransition>
  } | null
  namespaces?: Partial<AssetTypeNamespaces>
  unavailableWhen?: ReadonlyArray<string>
  isDefault?: boolean
  active?: boolean
}

/** Body of `PATCH /asset-types/:id`. */
export type AssetTypeUpdateParams = Partial<AssetTypeCreateParams>

/** Query of `GET /asset-types` (2020-08-10; under 2019-05-20 the route takes no query). */
export interface AssetTypeListParams extends Omit<ListParams, "page"> {
  isDefault?: boolean
  active?: boolean
}

/** A category (`ctgy_`) of assets, possibly nested. */
export interface Category extends BaseResource {
  readonly name: string
  readonly parentId: string | null
}

/** Body of `POST /categories`. */
export interface CategoryCreateParams extends CustomDataParams {
  name: string
  parentId?: string | null
}

/** Body of `PATCH /categories/:id`. */
export type CategoryUpdateParams = Partial<CategoryCreateParams>

/** Query of `GET /categories` (2020-08-10; under 2019-05-20 the route takes no query). */
export interface CategoryListParams extends Omit<ListParams, "page"> {
  parentId?: IdFilter
}

/** The value type of a custom attribute. */
export type CustomAttributeType = "number" | "boolean" | "text" | "select" | "tags"

/** A custom attribute (`attr_`): a searchable asset field. */
export interface CustomAttribute extends BaseResource {
  readonly name: string
  readonly type: CustomAttributeType
  /** Allowed values of `select` and `tags` attributes. */
  readonly listValues: ReadonlyArray<string> | null
}

/** Body of `POST /custom-attributes`. */
export interface CustomAttributeCreateParams extends CustomDataParams {
  name: string
  type: CustomAttributeType
  listValues?: ReadonlyArray<string>
}

/** Body of `PATCH /custom-attributes/:id`; name and type cannot change. */
export type CustomAttributeUpdateParams = Omit<CustomAttributeCreateParams, "name" | "type">

/** Query of `GET /custom-attributes`; `orderBy: "name"` works only under 2019-05-20. */
export interface CustomAttributeListParams
  extends PaginationParams, OrderParams<"createdDate" | "updatedDate" | "name">
{
  id?: IdFilter
}

/** A relative quantity change such as `"+1"` or `"-2"`. */
export type RelativeQuantity = `+${number}` | `-${number}`

/** An availability (`avl_`): the quantity of an asset over a period, possibly recurring. */
export interface Availability extends BaseResource {
  readonly assetId: string
  readonly startDate: string
  readonly endDate: string
  /** A number when absolute, a signed string when relative. */
  readonly quantity: number | RelativeQuantity
  /** Cron pattern. */
  readonly recurringPattern: string | null
  readonly recurringTimezone: string | null
  readonly recurringDuration: Duration | null
}

/** Body of `POST /availabilities`. */
export interface AvailabilityCreateParams extends CustomDataParams {
  assetId: string
  startDate: string
  endDate: string
  quantity: number | RelativeQuantity
  recurringPattern?: string | null
  recurringTimezone?: string | null
  /** Required when `recurringPattern` is set. */
  recurringDuration?: Duration | null
}

/** Body of `PATCH /availabilities/:id`; the asset cannot change. */
export type AvailabilityUpdateParams = Partial<Omit<AvailabilityCreateParams, "assetId">>

/** Query of `GET /availabilities`: `assetId` is required and is the only filter. */
export interface AvailabilityListParams extends PaginationParams, OrderParams<"createdDate" | "updatedDate"> {
  assetId: string
}

/** Query of `GET /availabilities/graph`. */
export interface AvailabilityGraphParams {
  assetId: string
}

/** One step of an availability graph. */
export interface AvailabilityGraphDate {
  readonly date: string
  readonly usedQuantity: number
  readonly availableQuantity: number
}

/** Result of `GET /availabilities/graph`: the asset's quantity over time. */
export interface AvailabilityGraph {
  readonly graphDates: ReadonlyArray<AvailabilityGraphDate>
  readonly defaultQuantity: number
  readonly totalUsedQuantity: number
}

// ---------------------------------------------------------------------------------------------
// Assessments (no stelace.js method; reachable through the route table)
// ---------------------------------------------------------------------------------------------

/** The outcome an assessment states. */
export type AssessmentStatement = "pass" | "challenge"

/** The status of an assessment. */
export type AssessmentStatus = "draft" | "accept" | "reject"

/** A signer's part of an assessment. */
export interface AssessmentSigner {
  readonly comment: string | null
  readonly statement: AssessmentStatement | null
  readonly signedDate: string | null
}

/** An assessment (`assm_`): a statement about an asset that its parties sign. */
export interface Assessment extends BaseResource {
  readonly statement: AssessmentStatement | null
  readonly status: AssessmentStatus | null
  readonly assetId: string
  readonly transactionId: string | null
  readonly ownerId: string
  readonly takerId: string | null
  readonly emitterId: string
  readonly receiverId: string | null
  /** Keyed by signer user id. */
  readonly signers: Readonly<Record<string, AssessmentSigner>>
  /** Keyed by signer user id; the server shows only the codes the caller may see (none in lists). */
  readonly signCodes: Readonly<Record<string, string | null>>
  readonly nbSigners: number
  readonly expirationDate: string | null
  readonly signedDate: string | null
  readonly assessmentDate: string | null
}

/** A signer as sent in a body; `null` (on update) removes the signer. */
export interface AssessmentSignerParams {
  comment?: string | null
  statement?: AssessmentStatement | null
}

/** Body of `POST /assessments`. */
export interface AssessmentCreateParams extends CustomDataParams {
  assetId: string
  status?: AssessmentStatus | null
  statement?: AssessmentStatement | null
  transactionId?: string | null
  ownerId?: string | null
  takerId?: string | null
  emitterId?: string | null
  receiverId?: string | null
  signers?: Record<string, AssessmentSignerParams | null>
  nbSigners?: number
  expirationDate?: string | null
}

/** Body of `PATCH /assessments/:id`. */
export interface AssessmentUpdateParams
  extends Omit<AssessmentCreateParams, "assetId" | "transactionId" | "ownerId" | "takerId">
{
  signCodes?: Record<string, string | null>
}

/** Query of `GET /assessments`: `assetId` is required; results are sorted by `assessmentDate`. */
export interface AssessmentListParams extends PaginationParams {
  assetId: string
  order?: SortOrder
}

/** Body of `POST /assessments/:id/signatures`. */
export interface AssessmentSignParams {
  signCode?: string | null
}

// ---------------------------------------------------------------------------------------------
// Configuration
// ---------------------------------------------------------------------------------------------

/** The `stelace` part of the platform configuration (unknown keys are kept). */
export interface StelaceConfig {
  readonly roles?: {
    /** Roles a user may pick at creation. */
    readonly whitelist?: ReadonlyArray<string> | null
    /** Roles given when none are picked. */
    readonly default?: ReadonlyArray<string> | null
  }
  readonly tokenCheckRedirectUrl?: string | null
  readonly search?: {
    /** In metres. */
    readonly maxDistance?: number | null
  }
  readonly instant?: {
    readonly serviceName?: string | null
    readonly logoUrl?: string | null
    readonly locale?: string
    readonly currency?: string
    readonly assetsInUniqueCountry?: string | null
    readonly assetsInUniqueCountryActive?: boolean
    readonly [key: string]: unknown
  }
  readonly [key: string]: unknown
}

/** Result of `GET /config` and `PATCH /config` (no `livemode`: the server does not add it). */
export interface PlatformConfig {
  readonly stelace: StelaceConfig
  readonly custom: Record<string, unknown>
  readonly theme: Record<string, unknown>
}

/** Body of `PATCH /config`; objects are merged into the stored ones. */
export interface ConfigUpdateParams {
  stelace?: StelaceConfig
  custom?: Record<string, unknown>
  theme?: Record<string, unknown>
}

/** Refresh-token lifetime: one unit among minutes, hours, days, e.g. `{ d: 14 }`. */
export type RefreshTokenExpiration = OneKeyOf<"m" | "h" | "d">

/** A flat object of primitive values, as SSO mappings and workflow contexts hold. */
export type FlatRecord = Readonly<Record<string, string | number | boolean | null>>

/** An SSO connection: built-in OAuth2 provider (github, google, facebook), custom OAuth2 or OpenID. */
export interface SsoConnection {
  readonly protocol?: "oauth2" | "openid"
  readonly authorizationQueryParams?: FlatRecord | null
  readonly tokenBodyParams?: FlatRecord | null
  readonly clientId?: string
  readonly clientSecret?: string
  readonly afterAuthenticationUrl?: string
  readonly userInfoMapping?: FlatRecord | null
  /** Deprecated name of `userInfoMapping`. */
  readonly userMapProperties?: FlatRecord | null
  readonly scope?: string
  readonly active?: boolean
  readonly endSessionUrl?: string
  readonly afterLogoutUrl?: string
  readonly jwksUrl?: string | null
  readonly jwks?: Record<string, unknown> | null
  readonly idTokenSignedResponseAlg?: string | null
  readonly tokenEndpointAuthSigningAlg?: string | null
  readonly issuer?: string
  readonly pkceEnabled?: boolean
  readonly isCustom?: boolean
  readonly authorizationUrl?: string
  readonly tokenUrl?: string
  readonly userInfoUrl?: string
}

/** An email address: `"Name <a@b.c>"`, a bare address, or `{ name, address }`. */
export type EmailAddress = string | { readonly name?: string; readonly address?: string }

/** One address or several. */
export type EmailAddresses = EmailAddress | ReadonlyArray<EmailAddress>

/** SMTP settings of the email plugin (Nodemailer options). */
export interface EmailConfig {
  readonly host?: string | null
  readonly port?: number | null
  readonly secure?: boolean | null
  readonly ignoreTLS?: boolean | null
  readonly requireTLS?: boolean | null
  readonly auth?: { readonly user?: string | null; readonly pass?: string | null } | null
  readonly defaults?: {
    readonly from?: EmailAddress | null
    readonly cc?: EmailAddresses | null
    readonly bcc?: EmailAddresses | null
    readonly replyTo?: EmailAddress | null
  } | null
}

/** The `stelace` part of the private configuration (unknown keys are kept). */
export interface PrivateStelaceConfig {
  readonly stelaceAuthRefreshTokenExpiration?: RefreshTokenExpiration | null
  /** Keyed by provider name, the `:provider` of the SSO routes. */
  readonly ssoConnections?: Readonly<Record<string, SsoConnection | null>>
  readonly email?: EmailConfig | null
  readonly workflow?: {
    /** Environment variables for workflows, by context name. */
    readonly contexts?: Readonly<Record<string, FlatRecord>>
  }
  readonly instant?: Readonly<Record<string, unknown>>
  readonly [key: string]: unknown
}

/** Result of `GET /config/private` and `PATCH /config/private`. */
export interface PrivateConfig {
  readonly stelace: PrivateStelaceConfig
}

/** Body of `PATCH /config/private`. */
export interface PrivateConfigUpdateParams {
  stelace?: PrivateStelaceConfig
}

// ---------------------------------------------------------------------------------------------
// Documents, entries
// ---------------------------------------------------------------------------------------------

/** A document (`doc_`): free-form data of a given type, with author, target and label. */
export interface Document extends BaseResource {
  readonly authorId: string | null
  readonly targetId: string | null
  readonly type: string
  /** Colon-separated, e.g. `"main:secondary"`. */
  readonly label: string | null
  readonly data: Record<string, unknown>
}

/** Body of `POST /documents`. */
export interface DocumentCreateParams extends CustomDataParams {
  type: string
  authorId?: string
  targetId?: string
  label?: string
  data?: Record<string, unknown>
}

/** Body of `PATCH /documents/:id`; `data` is merged except for the listed top-level properties. */
export interface DocumentUpdateParams extends CustomDataParams {
  label?: string
  data?: Record<string, unknown>
  replaceDataProperties?: ReadonlyArray<string>
}

/** Query of `GET /documents`: `type` is required. */
export interface DocumentListParams extends PaginationParams, OrderParams<"createdDate" | "updatedDate"> {
  type: string
  id?: IdFilter
  /** Labels, `*` wildcards allowed (e.g. `"main:*"`); several match any. */
  label?: StringFilter
  authorId?: IdFilter
  targetId?: IdFilter
  /** Matches documents whose `data` contains this object. */
  data?: Record<string, unknown>
}

/** The aggregation operators stats can sort on. */
export type StatsOrderBy = "avg" | "count" | "sum" | "min" | "max"

/** Aggregated numbers of a stats row; all but `count` are `null` without a numeric `field`. */
export interface StatValues {
  readonly count: number
  readonly avg: number | null
  readonly sum: number | null
  readonly min: number | null
  readonly max: number | null
}

/** The ranking fields a stats row carries when `computeRanking` is set. */
export interface StatRanking {
  readonly ranking?: number
  readonly lowestRanking?: number
}

/** A row of `GET /documents/stats`. */
export interface DocumentStat extends StatValues, StatRanking {
  /** The `groupBy` of the query. */
  readonly groupBy: string
  /** The group's value; `null` in the placeholder row of a label with no document. */
  readonly groupByValue: string | null
}

/**
 * One stats result per label: what document and rating stats return, as a single result, when
 * several labels are asked for and the grouped field is filtered to one value.
 */
export type StatsByLabel<Stat> = Readonly<Record<string, Stat>>

/** Query of `GET /documents/stats`. */
export interface DocumentStatsParams extends PaginationParams, OrderParams<StatsOrderBy> {
  type: string
  groupBy: "authorId" | "targetId" | `data.${string}`
  /** Numeric data field to aggregate, e.g. `"data.score"`. */
  field?: `data.${string}`
  avgPrecision?: number
  computeRanking?: boolean
  label?: StringFilter
  authorId?: IdFilter
  targetId?: IdFilter
  data?: Record<string, unknown>
}

/** A content entry (`ent_`): localized fields of a collection (no `platformData`). */
export interface Entry extends Omit<BaseResource, "platformData"> {
  readonly collection: string
  readonly locale: string
  readonly name: string
  readonly fields: Record<string, unknown>
}

/** Body of `POST /entries`. */
export interface EntryCreateParams {
  collection: string
  /** Letters, `_` and `-` only, e.g. `"en-US"`. */
  locale: string
  name: string
  fields?: Record<string, unknown>
  metadata?: Record<string, unknown>
}

/** Body of `PATCH /entries/:id`. */
export type EntryUpdateParams = Partial<EntryCreateParams>

/** Query of `GET /entries` (no date filters). */
export interface EntryListParams extends PaginationParams, OrderParams<"createdDate" | "updatedDate"> {
  id?: IdFilter
  collection?: StringFilter
  locale?: StringFilter
  name?: StringFilter
}

// ---------------------------------------------------------------------------------------------
// Events and history
// ---------------------------------------------------------------------------------------------

/** Who emitted an event. */
export type EventEmitterType = "core" | "custom" | "task"

/** An event (`evt_`): an immutable record of something that happened (no `updatedDate`, no `platformData`). */
export interface Event extends Omit<BaseResource, "updatedDate" | "platformData"> {
  /** e.g. `asset__created`; custom types contain no double underscore. */
  readonly type: string
  readonly objectType: string | null
  readonly objectId: string | null
  readonly object: Record<string, unknown> | null
  readonly changesRequested: Record<string, unknown> | null
  readonly relatedObjectsIds: Readonly<Record<string, string>> | null
  readonly apiVersion: string
  readonly emitter: EventEmitterType
  readonly emitterId: string | null
}

/** Body of `POST /events` (custom events). */
export interface EventCreateParams {
  type: string
  emitterId?: string
  /** When it names an object, a copy of that object becomes the event's `object`. */
  objectId?: string
  metadata?: Record<string, unknown>
}

/** Filters shared by the event list, stats and history queries. */
export interface EventFilterParams {
  id?: IdFilter
  /** Defaults to the retention period; earlier dates are refused. */
  createdDate?: RangeFilter<string>
  type?: StringFilter
  objectType?: StringFilter
  objectId?: IdFilter
  emitter?: EventEmitterType
  emitterId?: StringFilter
}

/** Query of `GET /events`; `orderBy` other than `createdDate` works only under 2019-05-20. */
export interface EventListParams
  extends PaginationParams, OrderParams<"createdDate" | "updatedDate" | "name" | "type">, EventFilterParams
{
  /** Matches events whose `object` contains this object. */
  object?: Record<string, unknown>
  /** Matches events whose `metadata` contains this object. */
  metadata?: Record<string, unknown>
}

/** What `GET /events/stats` can group by: a column or a path into `object` or `metadata`. */
export type EventStatsGroupBy =
  | "type"
  | "objectType"
  | "objectId"
  | "parentId"
  | "emitter"
  | "emitterId"
  | `object.${string}`
  | `object[${string}`
  | `metadata.${string}`
  | `metadata[${string}`

/** Query of `GET /events/stats` (deprecated; always offset-paginated). */
export interface EventStatsParams extends Omit<EventListParams, "orderBy" | "startingAfter" | "endingBefore"> {
  groupBy: EventStatsGroupBy
  /** Numeric path to aggregate, e.g. `"object.price"`. */
  field?: `object.${string}` | `object[${string}` | `metadata.${string}` | `metadata[${string}`
  avgPrecision?: number
  orderBy?: StatsOrderBy
}

/** A row of `GET /events/stats`. */
export interface EventStat extends StatValues {
  readonly groupBy: string
  readonly groupByValue: string
}

/** The time bucket of a history query. */
export type HistoryGroupBy = "hour" | "day" | "month"

/** Query shared by `GET /events/history` and `GET /workflow-logs/history` (2020-08-10, cursor-paginated). */
export interface HistoryParams extends Omit<PaginationParams, "page"> {
  groupBy: HistoryGroupBy
  order?: SortOrder
  id?: IdFilter
  createdDate?: RangeFilter<string>
}

/** Query of `GET /events/history`; filters other than `type` and dates stop at the retention period. */
export interface EventHistoryParams extends HistoryParams, EventFilterParams {}

/** Query of `GET /workflow-logs/history`. */
export interface WorkflowLogHistoryParams extends HistoryParams {
  workflowId?: IdFilter
  eventId?: IdFilter
  runId?: IdFilter
  type?: StringFilter
}

/**
 * A row of a history result: the bucket's start date under the `groupBy` key, and a count, e.g.
 * `{ day: "2020-08-01T00:00:00.000Z", count: 2 }`.
 */
export type HistoryBucket<GroupBy extends HistoryGroupBy = HistoryGroupBy> = GroupBy extends HistoryGroupBy
  ? { readonly [K in GroupBy]: string } & { readonly count: number }
  : never

// ---------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------

/** A message (`msg_`) between two users about a topic. */
export interface Message extends BaseResource {
  /** The id of what the message is about (an asset, a transaction, ...). */
  readonly topicId: string
  readonly conversationId: string
  readonly content: string
  readonly attachments: ReadonlyArray<Record<string, unknown>>
  readonly read: boolean
  readonly senderId: string
  readonly receiverId: string
}

/** Body of `POST /messages`. */
export interface MessageCreateParams extends CustomDataParams {
  topicId: string
  /** May be empty. */
  content: string
  receiverId: string
  conversationId?: string
  attachments?: ReadonlyArray<Record<string, unknown>>
  read?: boolean
  /** Defaults to the current user. */
  senderId?: string
}

/** Body of `PATCH /messages/:id`. */
export interface MessageUpdateParams extends CustomDataParams {
  read?: boolean
}

/** Query of `GET /messages`. */
export interface MessageListParams extends ListParams {
  /** Sender or receiver. */
  userId?: string
  senderId?: string
  receiverId?: string
  topicId?: string
  conversationId?: string
}

// ---------------------------------------------------------------------------------------------
// Orders
// ---------------------------------------------------------------------------------------------

/**
 * An order line (`ordl_`): what a payer owes and a receiver gets. Lines live inside their order
 * and keep only the fields they were given or computed with, hence the optional fields.
 */
export interface OrderLine extends Omit<BaseResource, "metadata" | "platformData"> {
  readonly orderId?: string
  readonly transactionId?: string | null
  readonly reversal?: boolean
  readonly payerId?: string | null
  readonly payerAmount?: number | null
  readonly receiverId?: string | null
  readonly receiverAmount?: number | null
  readonly platformAmount?: number | null
  readonly currency: string
  readonly metadata?: Record<string, unknown>
  readonly platformData?: Record<string, unknown>
}

/** Amounts of an order move in the currency actually used. */
export interface OrderMoveReal {
  readonly payerAmount?: number | null
  readonly receiverAmount?: number | null
  readonly platformAmount?: number | null
  readonly currency: string
}

/** An order move (`ordm_`): money that actually moved. */
export interface OrderMove extends Omit<OrderLine, "currency"> {
  readonly eventDate?: string
  readonly currency?: string
  readonly real?: OrderMoveReal | null
}

/** An order (`ord_`): lines to pay and moves paid, for one payer in one currency. */
export interface Order extends BaseResource {
  readonly lines: ReadonlyArray<OrderLine>
  readonly moves: ReadonlyArray<OrderMove>
  readonly amountDue: number | null
  readonly amountPaid: number | null
  readonly amountRemaining: number | null
  readonly currency: string
  readonly payerId: string | null
  readonly paymentAttempted: boolean
  /** Listed among the exposed fields, but nothing in the server sets it. */
  readonly isExternal?: boolean
}

/** Result of `POST /orders/preview`: an order not yet saved, so without ids or dates. */
export interface OrderPreview
  extends Omit<Order, "id" | "createdDate" | "updatedDate" | "metadata" | "platformData" | "lines" | "moves">
{
  readonly lines: ReadonlyArray<Omit<OrderLine, "id" | "createdDate" | "updatedDate">>
  readonly moves: ReadonlyArray<Omit<OrderMove, "id" | "createdDate" | "updatedDate">>
}

/** An order line as sent in a body; an amount requires its party's id. */
export interface OrderLineParams extends CustomDataParams {
  currency: string
  transactionId?: string
  reversal?: boolean
  payerId?: string
  payerAmount?: number
  receiverId?: string
  receiverAmount?: number
  platformAmount?: number
}

/** An order move as sent in a body. */
export interface OrderMoveParams extends Omit<OrderLineParams, "currency"> {
  currency?: string
  real?: {
    payerAmount?: number
    receiverAmount?: number
    platformAmount?: number
    currency: string
  } | null
}

/** Body of `POST /orders/preview`; without `order:preview:all`, `transactionIds` is required. */
export interface OrderPreviewParams {
  /** Lines are computed from these transactions (exclusive with `lines`). */
  transactionIds?: IdFilter
  lines?: ReadonlyArray<OrderLineParams>
  /** Needs `lines`. */
  moves?: ReadonlyArray<OrderMoveParams>
}

/** Body of `POST /orders`: either `transactionIds` or `lines`. */
export type OrderCreateParams =
  & CustomDataParams
  & { moves?: ReadonlyArray<OrderMoveParams> }
  & (
    | { transactionIds: IdFilter; lines?: never }
    | { lines: ReadonlyArray<OrderLineParams>; transactionIds?: never }
  )

/** Body of `PATCH /orders/:id`. */
export type OrderUpdateParams = CustomDataParams

/** Query of `GET /orders` (no date filters). */
export interface OrderListParams extends PaginationParams, OrderParams<"createdDate" | "updatedDate"> {
  id?: IdFilter
  payerId?: IdFilter
  receiverId?: string
  transactionId?: string
}

/** Body of `POST /order-lines`. */
export interface OrderLineCreateParams extends OrderLineParams {
  orderId: string
}

/** Body of `PATCH /order-lines/:id`; parties and amounts change only before any payment attempt. */
export interface OrderLineUpdateParams extends CustomDataParams {
  payerId?: string | null
  payerAmount?: number | null
  receiverId?: string | null
  receiverAmount?: number | null
  platformAmount?: number | null
}

/** Body of `POST /order-moves`. */
export interface OrderMoveCreateParams extends OrderMoveParams {
  orderId: string
}

/** Body of `PATCH /order-moves/:id`. */
export interface OrderMoveUpdateParams extends CustomDataParams {
  real?: {
    payerAmount?: number | null
    receiverAmount?: number | null
    platformAmount?: number | null
    currency: string
  } | null
}

// ---------------------------------------------------------------------------------------------
// Ratings (rating plugin)
// ---------------------------------------------------------------------------------------------

/** A rating (`rtg_`) a user gives another, optionally about an asset or a transaction. */
export interface Rating extends BaseResource {
  /** Integer from 0 to 100. */
  readonly score: number
  readonly comment: string | null
  readonly authorId: string | null
  readonly targetId: string
  readonly assetId: string | null
  readonly transactionId: string | null
  readonly label: string | null
}

/** Body of `POST /ratings`. */
export interface RatingCreateParams extends CustomDataParams {
  score: number
  targetId: string
  comment?: string | null
  /** Defaults to the current user. */
  authorId?: string
  assetId?: string
  transactionId?: string
  label?: string
}

/** Body of `PATCH /ratings/:id` (the server validates `label` too but does not save it). */
export interface RatingUpdateParams extends CustomDataParams {
  score?: number
  comment?: string | null
}

/** Query of `GET /ratings`. */
export interface RatingListParams extends PaginationParams, OrderParams<"createdDate" | "updatedDate"> {
  id?: IdFilter
  authorId?: IdFilter
  targetId?: IdFilter
  assetId?: IdFilter
  transactionId?: IdFilter
  /** Labels, `*` wildcards allowed; several match any. */
  label?: StringFilter
}

/** What `GET /ratings/stats` can group by. */
export type RatingStatsGroupBy = "authorId" | "targetId" | "assetId" | "transactionId"

/** Query of `GET /ratings/stats`; sorted by `avg` by default. */
export interface RatingStatsParams extends Omit<RatingListParams, "id" | "orderBy"> {
  groupBy: RatingStatsGroupBy
  orderBy?: StatsOrderBy
  computeRanking?: boolean
}

/** A row of `GET /ratings/stats`: score stats, under the grouped field's own name (e.g. `targetId`). */
export type RatingStat<GroupBy extends RatingStatsGroupBy = RatingStatsGroupBy> = GroupBy extends
  RatingStatsGroupBy ? StatValues & StatRanking & { readonly [K in GroupBy]: string | null }
  : never

// ---------------------------------------------------------------------------------------------
// Roles
// ---------------------------------------------------------------------------------------------

/** A role (`role_`): a named set of permissions and namespaces, possibly inheriting a parent. */
export interface Role extends BaseResource {
  readonly name: string
  /** What users and keys refer to, e.g. `"provider"`; cannot change. */
  readonly value: string
  readonly customRole: boolean
  readonly parentId: string | null
  readonly permissions: ReadonlyArray<string>
  readonly readNamespaces: ReadonlyArray<string>
  readonly editNamespaces: ReadonlyArray<string>
}

/** Body of `POST /roles`. */
export interface RoleCreateParams extends CustomDataParams {
  name: string
  value: string
  parentId?: string | null
  permissions?: ReadonlyArray<string>
  readNamespaces?: ReadonlyArray<string>
  editNamespaces?: ReadonlyArray<string>
}

/** Body of `PATCH /roles/:id`. */
export type RoleUpdateParams = Partial<Omit<RoleCreateParams, "value">>

/** Query of `GET /roles` (2020-08-10; under 2019-05-20 the route takes no query). */
export type RoleListParams = Omit<ListParams, "page">

// ---------------------------------------------------------------------------------------------
// Search and saved searches
// ---------------------------------------------------------------------------------------------

/**
 * One sort step: a single key, a built-in field (`_createdDate`, `_updatedDate`, `_name`,
 * `_validated`, `_active`, `_price`, `_available`, which must come first) or a text, number or
 * boolean custom attribute.
 */
export type SearchSortStep = Readonly<Record<string, SortOrder>>

/** How search treats unavailable assets. */
export interface SearchAvailabilityFilter {
  /** `true` by default: unavailable assets are left out; `false` adds `available` to results. */
  enabled?: boolean
  /** `true` by default: assets must be available over the whole period. */
  fullPeriod?: boolean
  /** Transaction statuses that make an asset unavailable. */
  unavailableWhen?: StringFilter | null
}

/** The search criteria of `POST /search`, also what a saved search stores. */
export interface SearchQuery {
  /** Full-text query; may be empty. */
  query?: string
  categoryId?: IdFilter
  assetTypeId?: IdFilter
  location?: GeoPoint
  /** In metres. */
  maxDistance?: number
  startDate?: string
  /** Must be after `startDate`. */
  endDate?: string
  quantity?: number
  without?: IdFilter
  /** Assets similar to these. */
  similarTo?: IdFilter
  /** Always page-based, in every API version. */
  page?: number
  nbResultsPerPage?: number
  /** By attribute name: an exact value, a range for numbers, one or several values for select and tags. */
  customAttributes?: Record<string, unknown>
  /** Filter expression (needs the search filter plugin); at most 512 characters. */
  filter?: string
  validated?: boolean
  /** `true` by default; `null` disables the filter. */
  active?: boolean | null
  sort?: SearchSortStep | ReadonlyArray<SearchSortStep>
  availabilityFilter?: SearchAvailabilityFilter
  createdBefore?: string | null
  createdAfter?: string | null
}

/** Body of `POST /search` when searching (not saving). */
export interface SearchParams extends SearchQuery {
  /** Ignored: `Search.results` always sends `save: false` (use `SavedSearches.create` to save). */
  save?: boolean
  /** Runs stored searches instead (needs `savedSearch:list` or `savedSearch:list:all`). */
  savedSearch?: {
    userId?: string
    ids?: ReadonlyArray<string>
  }
}

/** An asset in search results. */
export interface SearchResult extends Asset {
  /** Present when `availabilityFilter.enabled` is `false`. */
  readonly available?: boolean
  /** Present when the search ran saved searches: those this asset matched. */
  readonly savedSearchIds?: ReadonlyArray<string>
}

/** Result of `POST /search`: always page-based. */
export interface SearchPage extends OffsetPage<SearchResult> {
  /** `false` when `nbResults` is only a lower bound. */
  readonly exhaustiveNbResults: boolean
}

/** A saved search (`sch_`): search criteria stored for a user. */
export interface SavedSearch extends BaseResource {
  readonly name: string
  readonly userId: string | null
  readonly search: Readonly<SearchQuery>
  readonly active: boolean
}

/** Body of `POST /search` when saving (`save: true`, which the SDK sets). */
export interface SavedSearchCreateParams extends SearchQuery, CustomDataParams {
  save?: true
  name: string
  /** Defaults to the current user; another user needs `savedSearch:create:all`. */
  userId?: string
}

/** Body of `PATCH /search/:id`. */
export interface SavedSearchUpdateParams extends CustomDataParams {
  name?: string
  active?: boolean
}

/** Query of `GET /search` (saved searches). */
export interface SavedSearchListParams extends PaginationParams, OrderParams<"createdDate" | "updatedDate"> {
  id?: IdFilter
  userId?: IdFilter
  active?: boolean
}

// ---------------------------------------------------------------------------------------------
// Tasks
// ---------------------------------------------------------------------------------------------

/** A task (`task_`): an event emitted at a date or on a cron schedule. */
export interface Task extends BaseResource {
  readonly executionDate: string | null
  readonly recurringPattern: string | null
  readonly recurringTimezone: string | null
  readonly eventType: string
  readonly eventMetadata: Record<string, unknown>
  readonly eventObjectId: string | null
  readonly active: boolean
}

/** Body of `POST /tasks`. */
export interface TaskCreateParams extends CustomDataParams {
  eventType: string
  executionDate?: string | null
  recurringPattern?: string | null
  recurringTimezone?: string | null
  eventMetadata?: Record<string, unknown>
  eventObjectId?: string | null
  active?: boolean
}

/** Body of `PATCH /tasks/:id`. */
export type TaskUpdateParams = Partial<TaskCreateParams>

/** Query of `GET /tasks`; `orderBy` other than the dates works only under 2019-05-20. */
export interface TaskListParams
  extends ListParams<"createdDate" | "updatedDate" | "name" | "quantity" | "price" | "validated" | "active">
{
  eventType?: StringFilter
  eventObjectId?: IdFilter
  active?: boolean
}

// ---------------------------------------------------------------------------------------------
// Transactions
// ---------------------------------------------------------------------------------------------

/** A transaction status: those of the default process, or any status of a custom process. */
export type TransactionStatus =
  | "draft"
  | "accepted"
  | "confirmed"
  | "pending-acceptance"
  | "pending-payment"
  | "validated"
  | "completed"
  | "cancelled"
  | OtherString

/** A transition name: those of the default process, or any of a custom process. */
export type TransactionTransitionName =
  | "accept"
  | "confirm"
  | "pay"
  | "confirmAndPay"
  | "complete"
  | "cancel"
  | OtherString

/** An entry of a transaction's status history. */
export interface TransactionStatusStep {
  readonly status: TransactionStatus
  readonly date: string
}

/** A transaction (`trn_`): a taker booking an owner's asset. */
export interface Transaction extends BaseResource {
  readonly assetId: string | null
  /** The asset as it was when attached; empty until an asset is attached. */
  readonly assetSnapshot: Partial<Asset>
  readonly assetTypeId: string | null
  /** The asset type as it was when attached; empty until an asset is attached. */
  readonly assetType: Partial<AssetType>
  readonly status: TransactionStatus
  /** Newest first. A transaction created without an asset starts with the bare string `"draft"`. */
  readonly statusHistory: ReadonlyArray<TransactionStatusStep | TransactionStatus>
  readonly ownerId: string | null
  readonly takerId: string
  readonly quantity: number
  readonly startDate: string | null
  readonly endDate: string | null
  readonly duration: Duration | null
  readonly timeUnit: TimeUnit | null
  readonly unitPrice: number | null
  readonly value: number | null
  readonly ownerAmount: number | null
  readonly takerAmount: number | null
  readonly platformAmount: number | null
  readonly currency: string | null
  readonly completedDate: string | null
  readonly cancelledDate: string | null
  readonly cancellationReason: string | null
}

/** Result of `POST /transactions/preview`: a transaction computed but not saved. */
export interface TransactionPreview extends
  Omit<
    Transaction,
    | "id"
    | "createdDate"
    | "updatedDate"
    | "takerId"
    | "completedDate"
    | "cancelledDate"
    | "cancellationReason"
    | "metadata"
    | "platformData"
  >
{
  /** Echoed when sent. */
  readonly metadata?: Record<string, unknown>
  /** Echoed when sent. */
  readonly platformData?: Record<string, unknown>
}

/** The end of a booked period: an `endDate` or a `duration`, not both. */
export type TransactionEnd =
  | { endDate?: string; duration?: never }
  | { duration?: Duration; endDate?: never }

/** The fields transaction create, update and preview bodies share. */
export interface TransactionFieldsParams extends CustomDataParams {
  assetId?: string
  startDate?: string
  quantity?: number
  /** Setting amounts needs `transaction:config:all`. */
  value?: number
  ownerAmount?: number
  takerAmount?: number
}

/** Body of `POST /transactions`. */
export type TransactionCreateParams =
  & TransactionFieldsParams
  & TransactionEnd
  & {
    /** Defaults to the current user; another user needs `transaction:create:all`. */
    takerId?: string
  }

/** Body of `PATCH /transactions/:id`; setting `status` needs `transaction:config:all`. */
export type TransactionUpdateParams = TransactionFieldsParams & TransactionEnd & { status?: TransactionStatus }

/** Body of `POST /transactions/preview`. */
export type TransactionPreviewParams = TransactionFieldsParams & TransactionEnd & { assetId: string }

/** Body of `POST /transactions/:id/transitions`; `cancel` needs `data.cancellationReason`. */
export interface TransactionTransitionParams {
  name: TransactionTransitionName
  data?: Record<string, unknown> & { cancellationReason?: string }
}

/** Query of `GET /transactions`; without `transaction:list:all`, filter on your own `ownerId` or `takerId`. */
export interface TransactionListParams extends ListParams {
  assetId?: IdFilter
  assetTypeId?: IdFilter
  ownerId?: IdFilter
  takerId?: IdFilter
  value?: RangeFilter<number>
  ownerAmount?: RangeFilter<number>
  takerAmount?: RangeFilter<number>
  platformAmount?: RangeFilter<number>
}

// ---------------------------------------------------------------------------------------------
// Users and organizations
// ---------------------------------------------------------------------------------------------

/** The kind of a user object; organizations have `org_` ids. */
export type UserType = "user" | "organization"

/** A user's rights in one organization. */
export interface UserOrganizationRights {
  readonly roles?: ReadonlyArray<string>
}

/**
 * A user (`usr_`) or organization (`org_`). `username`, `firstname`, `lastname` and `email` are
 * left out unless the caller may read the `private` namespace.
 */
export interface User extends BaseResource {
  readonly username?: string | null
  readonly displayName: string | null
  readonly firstname?: string | null
  readonly lastname?: string | null
  readonly email?: string | null
  readonly description: string | null
  readonly roles: ReadonlyArray<string>
  /** Keyed by organization id. */
  readonly organizations: Readonly<Record<string, UserOrganizationRights>>
  /** Organizations only. */
  readonly orgOwnerId?: string | null
}

/** The profile fields user create and update bodies share. */
export interface UserProfileParams extends CustomDataParams {
  displayName?: string | null
  firstname?: string | null
  lastname?: string | null
  email?: string | null
  description?: string | null
  /** Needs `user:config:all` beyond the whitelisted roles. */
  roles?: ReadonlyArray<string>
}

/** Body of `POST /users`: a user needs `username` and `password`, an organization may not have them. */
export type UserCreateParams =
  & UserProfileParams
  & { organizations?: Record<string, { roles?: ReadonlyArray<string> }> }
  & (
    | { type?: "user"; username: string; password: string }
    | { type: "organization"; orgOwnerId?: string; username?: never; password?: never }
  )

/** Body of `PATCH /users/:id`; type, organizations and password cannot change here. */
export interface UserUpdateParams extends UserProfileParams {
  username?: string
  orgOwnerId?: string
}

/** Query of `GET /users`; `orderBy: "name"` works only under 2019-05-20. */
export interface UserListParams extends ListParams<"createdDate" | "updatedDate" | "name"> {
  /** Exact match on username, email, names or display name. */
  query?: string
  /** `user` by default. */
  type?: UserType | "all"
  userOrganizationId?: IdFilter
}

/** Query of `GET /users/check-availability`. */
export interface UsersCheckAvailabilityParams {
  username: string
}

/** Result of `GET /users/check-availability`. */
export interface UsernameAvailability {
  readonly available: boolean
}

/** Body of `PUT /users/:id/organizations/:organizationId`: the user's roles within the organization. */
export interface UserOrganizationRightsParams {
  roles?: ReadonlyArray<string>
}

// ---------------------------------------------------------------------------------------------
// Webhooks and workflows
// ---------------------------------------------------------------------------------------------

/** A webhook log (`whl_`): one delivery attempt (no `updatedDate`, no `platformData`). */
export interface WebhookLog extends Omit<BaseResource, "updatedDate" | "platformData"> {
  readonly webhookId: string
  readonly eventId: string
  readonly status: "success" | "error" | OtherString
}

/** A webhook (`whk_`): events of a type posted to a URL. */
export interface Webhook extends BaseResource {
  readonly name: string
  readonly targetUrl?: string | null
  readonly event?: string | null
  readonly apiVersion: string
  readonly active: boolean
  /** With the `logs` query parameter: the last 100 logs, as stored (without `livemode`). */
  readonly logs?: ReadonlyArray<Omit<WebhookLog, "livemode">>
}

/** Query of `GET /webhooks/:id` and `GET /workflows/:id`. */
export interface LogsParams {
  /** Adds recent `logs`. The server only checks that the key is present, so `false` would add them too. */
  logs?: true
}

/** Query of `GET /webhooks/:id`. */
export type WebhookReadParams = LogsParams

/** Body of `POST /webhooks`. */
export interface WebhookCreateParams extends CustomDataParams {
  name: string
  targetUrl?: string
  event?: string
  /** Defaults to the platform's version. */
  apiVersion?: ApiVersion
  active?: boolean
}

/** Body of `PATCH /webhooks/:id`; the target URL cannot change. */
export type WebhookUpdateParams = Partial<Omit<WebhookCreateParams, "targetUrl">>

/** Query of `GET /webhooks` (2020-08-10; under 2019-05-20 the route takes no query). */
export interface WebhookListParams extends Omit<ListParams, "page"> {
  event?: StringFilter
  active?: boolean
}

/** Query of `GET /webhook-logs` (2020-08-10, cursor-paginated). */
export interface WebhookLogListParams extends Omit<PaginationParams, "page">, OrderParams<"createdDate"> {
  id?: IdFilter
  createdDate?: RangeFilter<string>
  webhookId?: IdFilter
  eventId?: IdFilter
}

/** An HTTP method a workflow step may call. */
export type WorkflowEndpointMethod = "GET" | "PATCH" | "POST" | "DELETE"

/** A workflow step; string fields other than names hold JavaScript expressions. */
export interface WorkflowStep {
  readonly name?: string
  readonly description?: string | null
  readonly computed?: Record<string, unknown>
  readonly filter?: string | null
  readonly stop?: string | null
  readonly skip?: string | null
  readonly handleErrors?: boolean
  readonly endpointMethod: WorkflowEndpointMethod
  /** A Stelace path (`/assets`), a full URL, or a `${...}` template. */
  readonly endpointUri: string
  readonly endpointPayload?: Record<string, unknown>
  readonly endpointHeaders?: Readonly<Record<string, string>>
}

/** The step details of a workflow log. */
export interface WorkflowLogStep {
  readonly name?: string | null
  readonly error?: boolean
  readonly stopped?: boolean
  readonly skipped?: boolean
  readonly handleErrors?: boolean
  readonly [key: string]: unknown
}

/** A workflow log (`wfl_`): one step of a run (no `updatedDate`, no `platformData`). */
export interface WorkflowLog extends Omit<BaseResource, "updatedDate" | "platformData"> {
  readonly workflowId: string
  readonly eventId: string
  /** Filterable, but the server leaves it out of the exposed fields. */
  readonly runId?: string
  readonly type: string
  readonly statusCode: number | null
  readonly step: WorkflowLogStep
}

/** A workflow (`wfw_`): steps run, or a URL notified, when an event happens. */
export interface Workflow extends BaseResource {
  readonly name: string
  readonly description?: string | null
  /** Names of the private-config contexts whose variables the workflow uses. */
  readonly context: ReadonlyArray<string> | null
  readonly notifyUrl?: string | null
  readonly event?: string | null
  readonly run: ReadonlyArray<WorkflowStep> | null
  readonly computed: Record<string, unknown> | null
  readonly active: boolean
  readonly stats: Record<string, unknown>
  readonly apiVersion: string
  /** With the `logs` query parameter: recent logs, as stored. */
  readonly logs?: ReadonlyArray<Omit<WorkflowLog, "livemode">>
}

/** Query of `GET /workflows/:id`. */
export type WorkflowReadParams = LogsParams

/** Body of `POST /workflows`. */
export interface WorkflowCreateParams extends CustomDataParams {
  name: string
  description?: string | null
  context?: StringFilter
  notifyUrl?: string
  event?: string
  /** At most 20 keys. */
  computed?: Record<string, unknown>
  /** At most 10 steps. */
  run?: WorkflowStep | ReadonlyArray<WorkflowStep>
  apiVersion?: ApiVersion
  active?: boolean
}

/** Body of `PATCH /workflows/:id`. */
export type WorkflowUpdateParams = Partial<WorkflowCreateParams>

/** Query of `GET /workflows` (2020-08-10; under 2019-05-20 the route takes no query). */
export interface WorkflowListParams extends Omit<ListParams, "page"> {
  event?: StringFilter
  active?: boolean
}

/** Query of `GET /workflow-logs` (2020-08-10, cursor-paginated). */
export interface WorkflowLogListParams extends Omit<PaginationParams, "page">, OrderParams<"createdDate"> {
  id?: IdFilter
  createdDate?: RangeFilter<string>
  workflowId?: IdFilter
  eventId?: IdFilter
  runId?: IdFilter
  type?: StringFilter
}

// ---------------------------------------------------------------------------------------------
// Authentication, passwords, tokens, permissions
// ---------------------------------------------------------------------------------------------

/** Body of `POST /auth/login`. */
export interface LoginParams {
  username: string
  password: string
}

/** Result of `POST /auth/login` and of the `authorizationCode` grant. */
export interface AuthTokens {
  readonly tokenType: "Bearer"
  /** A JWT valid for one hour. */
  readonly accessToken: string
  /** Valid 14 days by default, bound to the User-Agent that logged in; not rotated on refresh. */
  readonly refreshToken: string
  readonly userId: string
}

/** Result of the `refreshToken` and `impersonateToken` grants: a new access token only. */
export interface AccessTokenResult {
  readonly tokenType: "Bearer"
  readonly accessToken: string
}

/** Body of `POST /auth/token` for a new access token from a refresh token. */
export interface RefreshTokenGrantParams {
  grantType: "refreshToken"
  refreshToken: string
}

/**
 * Body of `POST /auth/token` to act as another user: needs `auth:impersonate`, or the target must be
 * an organization the caller belongs to. Only system calls may skip the refresh token and set
 * `roles`, `permissions` and `sourceUserId`.
 */
export interface ImpersonateTokenGrantParams {
  grantType: "impersonateToken"
  userId: string
  refreshToken?: string
  sourceUserId?: string
  roles?: ReadonlyArray<string>
  permissions?: ReadonlyArray<string>
}

/** Body of `POST /auth/token` to trade an SSO code (valid one hour, usable once) for tokens. */
export interface AuthorizationCodeGrantParams {
  grantType: "authorizationCode"
  code: string
}

/** Body of `POST /auth/token`, by grant type. */
export type TokenParams = RefreshTokenGrantParams | ImpersonateTokenGrantParams | AuthorizationCodeGrantParams

/** Result of `POST /auth/token` for a given body. */
export type TokenResult<Params extends TokenParams = TokenParams> = Params extends AuthorizationCodeGrantParams
  ? AuthTokens
  : AccessTokenResult

/** Body of `POST /auth/logout`; with `logoutFromExternalProvider` the server answers with a redirect. */
export interface LogoutParams {
  /** Defaults to the stored session's refresh token. */
  refreshToken?: string
  logoutFromExternalProvider?: boolean
}

/** Body of `POST /auth/check`: an API key, or a whole `Authorization` header value. */
export type AuthCheckParams =
  | { apiKey: string; authorization?: never }
  | { authorization: string; apiKey?: never }

/** An API key taken apart. */
export interface ParsedApiKey {
  readonly type: string
  readonly env: string
  readonly platformId: string
  readonly zone: string
  readonly hasValidFormat: boolean
}

/**
 * The claims of a Stelace access token. Tokens from login and refresh carry `userId`, `roles`,
 * `loggedAt`, `iat` and `exp`; impersonation adds `sourceUserId` and `orgRoles`. The server also
 * accepts tokens signed elsewhere with `sub`, `scope`, `permissions` and namespace claims.
 */
export interface AccessTokenClaims {
  readonly userId?: string
  readonly sub?: string
  readonly roles?: ReadonlyArray<string>
  /** Session start, in seconds; `null` for system impersonation. */
  readonly loggedAt?: number | null
  readonly sourceUserId?: string
  readonly orgRoles?: ReadonlyArray<string> | null
  readonly permissions?: ReadonlyArray<string>
  readonly orgPermissions?: ReadonlyArray<string>
  /** Space-separated permissions. */
  readonly scope?: string
  readonly readNamespaces?: ReadonlyArray<string>
  readonly editNamespaces?: ReadonlyArray<string>
  /** Issued at, in seconds. */
  readonly iat?: number
  /** Expiry, in seconds. */
  readonly exp?: number
  readonly [claim: string]: unknown
}

/** Result of `POST /auth/check`. */
export interface AuthCheckResult {
  readonly valid: boolean
  readonly apiKey: ParsedApiKey | null
  /** The decoded token, when one was given and is valid. */
  readonly user: AccessTokenClaims | null
  readonly tokenExpired: boolean | null
}

/** Body of `POST /password/change` (needs a user token). */
export interface PasswordChangeParams {
  currentPassword: string
  /** 8 to 255 characters. */
  newPassword: string
}

/** Body of `POST /password/reset/request`; the token goes to a `password__reset_requested` event, not an email. */
export interface PasswordResetRequestParams {
  username: string
}

/** Body of `POST /password/reset/confirm`. */
export interface PasswordResetConfirmParams {
  resetToken: string
  /** 8 to 255 characters. */
  newPassword: string
}

/** Body of `POST /permissions/check`. */
export interface PermissionsCheckParams {
  permissions: ReadonlyArray<string>
}

/** Result of `POST /permissions/check`: a boolean per asked permission, plus those the plan lacks. */
export interface PermissionsCheckResult {
  readonly missingPlanPermissions: ReadonlyArray<string>
  readonly [permission: string]: boolean | ReadonlyArray<string>
}

/** Body of `POST /token/check/request`: emits `token__check_requested` with the token. */
export interface TokenCheckRequestParams {
  /** Any check kind, e.g. `"email"`. */
  type: string
  /** Defaults to the current user. */
  userId?: string
  expirationDate?: string
  /** Where `GET /token/check/:token?redirect=true` sends the user. */
  redirectUrl?: string
  data?: Record<string, unknown>
}

/** Query of `GET /token/check/:token`; with `redirect` the server answers with a redirect. */
export interface TokenCheckConfirmParams {
  redirect?: boolean
}

/** The outcome of a token check. */
export type TokenCheckStatus = "valid" | "invalid" | "expired" | "alreadyChecked"

/** Result of `GET /token/check/:token` without `redirect`. */
export interface TokenCheckResult {
  readonly status: TokenCheckStatus
  readonly type: string | null
  readonly userId: string | null
  readonly expirationDate: string | null
  readonly data: Record<string, unknown>
}

// ---------------------------------------------------------------------------------------------
// Batch, signal, emails
// ---------------------------------------------------------------------------------------------

/** One object of a batch: its id and the PATCH body to apply. */
export interface BatchObject<Payload> {
  objectId: string
  payload: Payload
}

/** Body of `POST /batch`: up to 100 PATCHes of assets or users, checked one by one. */
export type BatchParams =
  | { objectType: "asset"; method: "PATCH"; objects: ReadonlyArray<BatchObject<AssetUpdateParams>> }
  | { objectType: "user"; method: "PATCH"; objects: ReadonlyArray<BatchObject<UserUpdateParams>> }

/** The error of one failed batch object: the error body its PATCH got. */
export interface BatchObjectError {
  readonly objectId: string
  readonly error: {
    readonly message?: string
    readonly statusCode?: number
    readonly data?: unknown
    readonly [key: string]: unknown
  }
}

/** Result of `POST /batch`; the HTTP status is that of the first failed object, or 200. */
export interface BatchResult {
  /** In milliseconds. */
  readonly processingTime: number
  readonly success: boolean
  /** Ids of the objects updated. */
  readonly completed: ReadonlyArray<string>
  readonly errors: ReadonlyArray<BatchObjectError>
}

/** Body of `POST /signal`; without `destination` it broadcasts, which needs `signal:create:all`. */
export interface SignalParams {
  message?: unknown
  /** A channel name: letters, digits, `-` and `_`. */
  destination?: string
  /** `"signal"` by default. */
  event?: string
}

/** Result of `POST /signal`. */
export interface SignalResult {
  readonly message?: unknown
  readonly destination?: string
  readonly event: string
  readonly env: string
}

/** Recipients of an email: `to`, or the deprecated `toEmail` and `toName`. */
export type EmailRecipientParams =
  | { to: EmailAddresses; toEmail?: never; toName?: never }
  | { toEmail: string; toName?: string | null; to?: never }

/** A custom email header: a value, several values, or a prepared value. */
export type EmailHeader = string | ReadonlyArray<string> | { prepared?: boolean; value?: string }

/** Body of `POST /emails/send` (email plugin). */
export type EmailSendParams = EmailRecipientParams & {
  html?: string
  /** Extracted from `html` when missing. */
  text?: string
  from?: EmailAddress
  subject?: string
  replyTo?: EmailAddress
  headers?: Record<string, EmailHeader>
}

/** Body of `POST /emails/send-template`: renders the `email` entry named `name` (email plugin). */
export type EmailSendTemplateParams = EmailRecipientParams & {
  name: string
  /** Values for the entry's placeholders. */
  data?: FlatRecord
  locale?: string
  currency?: string
  from?: EmailAddress
  replyTo?: EmailAddress
}

/**
 * Result of `POST /emails/send` and `/emails/send-template`. Only `success` is promised; test
 * servers and `DEBUG_EMAILS` add `emailContext` and `nodemailerInfo`, whose shape is unspecified.
 */
export interface EmailSendResult extends Readonly<Record<string, unknown>> {
  readonly success: true
  readonly emailContext?: unknown
  readonly nodemailerInfo?: unknown
}
