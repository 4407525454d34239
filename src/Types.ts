/**
 * The shapes the Stelace API sends and accepts: resources, route results, request bodies and list
 * queries. Types only; nothing here exists at runtime.
 *
 * What the server sends (`Asset`, `Transaction`...) is derived from the schemas of
 * `stelace-effect/Schemas` (with `import type`, so apps that never decode carry no schema code);
 * request bodies and queries (`AssetCreateParams`...) are written here.
 *
 * The types follow the server (stelace/stelace `dev`, API versions 2019-05-20 and 2020-08-10):
 * an optional field is one the server may leave out, and `| null` marks a field it sends as
 * `null`. Results carry branded ids (`asset.id: AssetId`); inputs take those or plain strings, but
 * not another kind of id. Inputs accept readonly arrays, so a value read from a result can be
 * sent back as is.
 *
 * @since 0.1.0
 */
import type * as Brand from "effect/Brand"
import type * as Schema from "effect/Schema"
import type * as S from "./internal/schemas.js"

// The type of the values a set of schema fields decodes to.
type Fields<F extends Schema.Struct.Fields> = Schema.Struct.Type<F>

// The "any other string" half of an open union: it keeps editor suggestions for the known values.
type OtherString = string & Record<never, never>

// An object with exactly one of the given keys, e.g. `{ d: 2 }` and not `{ d: 2, h: 1 }`.
type OneKeyOf<Keys extends string, Key extends Keys = Keys> = Key extends Keys
  ? { readonly [K in Key]: number } & { readonly [K in Exclude<Keys, Key>]?: never }
  : never

// ---------------------------------------------------------------------------------------------
// Ids
// ---------------------------------------------------------------------------------------------

/** The id of an API key (`apik_...`). */
export type ApiKeyId = Brand.Branded<string, "ApiKeyId">
/** The id of an assessment (`assm_...`). */
export type AssessmentId = Brand.Branded<string, "AssessmentId">
/** The id of an asset (`ast_...`). */
export type AssetId = Brand.Branded<string, "AssetId">
/** The id of an asset type (`typ_...`). */
export type AssetTypeId = Brand.Branded<string, "AssetTypeId">
/** The id of an availability (`avl_...`). */
export type AvailabilityId = Brand.Branded<string, "AvailabilityId">
/** The id of a category (`ctgy_...`). */
export type CategoryId = Brand.Branded<string, "CategoryId">
/** The id of a custom attribute (`attr_...`). */
export type CustomAttributeId = Brand.Branded<string, "CustomAttributeId">
/** The id of a document (`doc_...`). */
export type DocumentId = Brand.Branded<string, "DocumentId">
/** The id of a content entry (`ent_...`). */
export type EntryId = Brand.Branded<string, "EntryId">
/** The id of an event (`evt_...`). */
export type EventId = Brand.Branded<string, "EventId">
/** The id of a message (`msg_...`). */
export type MessageId = Brand.Branded<string, "MessageId">
/** The id of an order (`ord_...`). */
export type OrderId = Brand.Branded<string, "OrderId">
/** The id of an order line (`ordl_...`). */
export type OrderLineId = Brand.Branded<string, "OrderLineId">
/** The id of an order move (`ordm_...`). */
export type OrderMoveId = Brand.Branded<string, "OrderMoveId">
/** The id of a rating (`rtg_...`). */
export type RatingId = Brand.Branded<string, "RatingId">
/** The id of a role (`role_...`). */
export type RoleId = Brand.Branded<string, "RoleId">
/** The id of a saved search (`sch_...`). */
export type SavedSearchId = Brand.Branded<string, "SavedSearchId">
/** The id of a task (`task_...`). */
export type TaskId = Brand.Branded<string, "TaskId">
/** The id of a transaction (`trn_...`). */
export type TransactionId = Brand.Branded<string, "TransactionId">
/** The id of a user (`usr_...`) or an organization (`org_...`): organizations are users. */
export type UserId = Brand.Branded<string, "UserId">
/** The id of an organization (`org_...`): a `UserId`, since organizations are users. */
export type OrganizationId = UserId
/** The id of a webhook (`whk_...`). */
export type WebhookId = Brand.Branded<string, "WebhookId">
/** The id of a webhook log (`whl_...`). */
export type WebhookLogId = Brand.Branded<string, "WebhookLogId">
/** The id of a workflow (`wfw_...`). */
export type WorkflowId = Brand.Branded<string, "WorkflowId">
/** The id of a workflow log (`wfl_...`). */
export type WorkflowLogId = Brand.Branded<string, "WorkflowLogId">

/** A string that carries no brand: what a plain `string` is, and what a branded id is not. */
export type Unbranded = { readonly [K in keyof Brand.Brand<never>]?: never }

/**
 * Where an id of a kind is expected: that kind of id, or a plain string (so existing code and ids
 * from elsewhere keep working), but not another kind of id (`UserId` where an `AssetId` goes).
 */
export type IdInput<Id extends string = string> = Id | (string & Unbranded)

// ---------------------------------------------------------------------------------------------
// Shared values
// ---------------------------------------------------------------------------------------------

/** An API version the server knows, sent in the `x-stelace-version` header. */
export type ApiVersion = "2020-08-10" | "2019-05-20"

/**
 * The API version every client of an app sends, once registered: list results are then typed by
 * it (page-based meta under 2019-05-20, cursors under 2020-08-10) instead of either kind. Register
 * it by augmenting this interface, and give the same `apiVersion` to the client layer:
 *
 * @example
 * ```ts
 * declare module "stelace-effect" {
 *   interface Register {
 *     apiVersion: "2019-05-20"
 *   }
 * }
 * ```
 */
export interface Register {}

/** The registered API version (see `Register`), or `undefined` when none is (lists are typed either way). */
export type RegisteredApiVersion = Register extends { readonly apiVersion: infer V extends ApiVersion } ? V : undefined

/**
 * What a client layer's options say about the API version once one is registered (see
 * `Register`): `apiVersion` is required and is that version, so the client sends the version the
 * types assume. Nothing is required when none is registered.
 */
export type RegisteredVersionOption = [RegisteredApiVersion] extends [undefined] ? {}
  : { readonly apiVersion: RegisteredApiVersion }

/** A sort direction. */
export type SortOrder = "asc" | "desc"

/** A time unit: minute, hour, day, night, week, month. */
export type TimeUnit = "m" | "h" | "d" | "n" | "w" | "M"

/** A duration with exactly one time unit and a whole number of units, e.g. `{ d: 1 }`. */
export type Duration = OneKeyOf<TimeUnit>

/** A point on Earth, in degrees. */
export interface GeoPoint extends Fields<typeof S.GeoPoint.fields> {}

/** An asset location: a point plus any custom properties stored next to it. */
export interface AssetLocation extends Fields<typeof S.AssetLocation.fields> {}

/** The `{ id }` body every DELETE route answers with (also when the object did not exist). */
export interface Deleted extends Fields<typeof S.Deleted.fields> {}

/** The `{ success: true }` body of routes that have nothing else to say. */
export interface Success extends Fields<typeof S.Success.fields> {}

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

/** One id or several ids (of the kind `Id`, or plain strings); several match any of them. */
export type IdFilter<Id extends string = string> = IdInput<Id> | ReadonlyArray<IdInput<Id>>

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
export interface ListParams<OrderBy extends string = "createdDate" | "updatedDate", Id extends string = string>
  extends PaginationParams, OrderParams<OrderBy>
{
  id?: IdFilter<Id>
  createdDate?: RangeFilter<string>
  updatedDate?: RangeFilter<string>
}

/** Pagination metadata of a page-based list (API version 2019-05-20, search, event stats). */
export interface OffsetPagination extends Fields<typeof S.OffsetPagination.fields> {}

/** Pagination metadata of search results: page-based in every API version. */
export interface SearchPagination extends Fields<typeof S.SearchPagination.fields> {}

/**
 * The pagination metadata of the five lists that answer a plain array under 2019-05-20 (asset
 * types, categories, roles, webhooks, workflows): the SDK makes it one page holding every item.
 */
export interface SinglePagePagination extends OffsetPagination {
  readonly page: 1
  readonly nbPages: 1
}

/** Pagination metadata of a cursor-paginated list (API version 2020-08-10). */
export interface CursorPagination extends Fields<typeof S.CursorPagination.fields> {}

/** The body of an offset-paginated list. */
export interface OffsetPage<T> extends OffsetPagination {
  readonly results: ReadonlyArray<T>
}

/** The body of a cursor-paginated list. */
export interface CursorPage<T> extends CursorPagination {
  readonly results: ReadonlyArray<T>
}

/** The body of `POST /search`: always page-based. */
export interface SearchPage<T = SearchResult> extends SearchPagination {
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
export interface BaseResource extends Fields<typeof S.BaseResource.fields> {}

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
export interface ApiKey extends Fields<typeof S.ApiKey.fields> {}

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
export interface ApiKeyListParams extends ListParams<"createdDate" | "updatedDate" | "name", ApiKeyId>, ApiKeyReadParams {
  type?: ApiKeyType
}

// ---------------------------------------------------------------------------------------------
// Assets, asset types, categories, custom attributes, availabilities
// ---------------------------------------------------------------------------------------------

/** An asset (`ast_`): the thing a platform lists. */
export interface Asset extends Fields<typeof S.Asset.fields> {}

/**
 * The asset as a transaction keeps it: its fields as they were when the asset was attached, none
 * before (a transaction created without an asset has an empty snapshot).
 */
export interface AssetSnapshot extends Fields<typeof S.AssetSnapshot.fields> {}

/** Body of `POST /assets`. */
export interface AssetCreateParams extends CustomDataParams {
  name: string
  /** Defaults to the current user; another user needs `asset:create:all`. */
  ownerId?: IdInput<UserId> | null
  description?: string | null
  categoryId?: IdInput<CategoryId> | null
  validated?: boolean
  active?: boolean
  locations?: ReadonlyArray<AssetLocation>
  assetTypeId?: IdInput<AssetTypeId>
  quantity?: number
  price?: number
  currency?: string
  customAttributes?: Record<string, unknown>
}

/** Body of `PATCH /assets/:id`; the owner cannot change. */
export type AssetUpdateParams = Partial<Omit<AssetCreateParams, "ownerId">>

/** Query of `GET /assets`; sorting on fields other than the dates works only under 2019-05-20. */
export interface AssetListParams
  extends ListParams<"createdDate" | "updatedDate" | "name" | "quantity" | "price" | "validated" | "active", AssetId>
{
  ownerId?: IdFilter<UserId>
  categoryId?: IdFilter<CategoryId>
  assetTypeId?: IdFilter<AssetTypeId>
  validated?: boolean
  active?: boolean
  quantity?: RangeFilter<number>
  price?: RangeFilter<number>
}

/** Platform fees of an asset type, in whole percents (0-100). */
export interface AssetTypePricing extends Fields<typeof S.AssetTypePricing.fields> {}

/** Time settings of an asset type. */
export interface AssetTypeTiming extends Fields<typeof S.AssetTypeTiming.fields> {}

/** A transition of a transaction process; `from` may be `"*"` (any status). */
export interface TransactionTransition extends Fields<typeof S.TransactionTransition.fields> {}

/** A custom transaction process (the default one is used when an asset type has none). */
export interface TransactionProcess extends Fields<typeof S.TransactionProcess.fields> {}

/** Which namespaces become visible to the other party, by transaction statuses. */
export interface AssetTypeNamespaces extends Fields<typeof S.AssetTypeNamespaces.fields> {}

/** An asset type (`typ_`): how assets of a kind are booked. */
export interface AssetType extends Fields<typeof S.AssetType.fields> {}

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
export interface AssetTypeListParams extends Omit<ListParams<"createdDate" | "updatedDate", AssetTypeId>, "page"> {
  isDefault?: boolean
  active?: boolean
}

/** A category (`ctgy_`) of assets, possibly nested. */
export interface Category extends Fields<typeof S.Category.fields> {}

/** Body of `POST /categories`. */
export interface CategoryCreateParams extends CustomDataParams {
  name: string
  parentId?: IdInput<CategoryId> | null
}

/** Body of `PATCH /categories/:id`. */
export type CategoryUpdateParams = Partial<CategoryCreateParams>

/** Query of `GET /categories` (2020-08-10; under 2019-05-20 the route takes no query). */
export interface CategoryListParams extends Omit<ListParams<"createdDate" | "updatedDate", CategoryId>, "page"> {
  parentId?: IdFilter<CategoryId>
}

/** The value type of a custom attribute. */
export type CustomAttributeType = "number" | "boolean" | "text" | "select" | "tags"

/** A custom attribute (`attr_`): a searchable asset field. */
export interface CustomAttribute extends Fields<typeof S.CustomAttribute.fields> {}

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
  id?: IdFilter<CustomAttributeId>
}

/** A relative quantity change such as `"+1"` or `"-2"`. */
export type RelativeQuantity = `+${number}` | `-${number}`

/** An availability (`avl_`): the quantity of an asset over a period, possibly recurring. */
export interface Availability extends Fields<typeof S.Availability.fields> {}

/** Body of `POST /availabilities`. */
export interface AvailabilityCreateParams extends CustomDataParams {
  assetId: IdInput<AssetId>
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
  assetId: IdInput<AssetId>
}

/** Query of `GET /availabilities/graph`. */
export interface AvailabilityGraphParams {
  assetId: IdInput<AssetId>
}

/** One step of an availability graph. */
export interface AvailabilityGraphDate extends Fields<typeof S.AvailabilityGraphDate.fields> {}

/** Result of `GET /availabilities/graph`: the asset's quantity over time. */
export interface AvailabilityGraph extends Fields<typeof S.AvailabilityGraph.fields> {}

// ---------------------------------------------------------------------------------------------
// Assessments (no stelace.js method; reachable through the route table)
// ---------------------------------------------------------------------------------------------

/** The outcome an assessment states. */
export type AssessmentStatement = "pass" | "challenge"

/** The status of an assessment. */
export type AssessmentStatus = "draft" | "accept" | "reject"

/** A signer's part of an assessment. */
export interface AssessmentSigner extends Fields<typeof S.AssessmentSigner.fields> {}

/** An assessment (`assm_`): a statement about an asset that its parties sign. */
export interface Assessment extends Fields<typeof S.Assessment.fields> {}

/** A signer as sent in a body; `null` (on update) removes the signer. */
export interface AssessmentSignerParams {
  comment?: string | null
  statement?: AssessmentStatement | null
}

/** Body of `POST /assessments`. */
export interface AssessmentCreateParams extends CustomDataParams {
  assetId: IdInput<AssetId>
  status?: AssessmentStatus | null
  statement?: AssessmentStatement | null
  transactionId?: IdInput<TransactionId> | null
  ownerId?: IdInput<UserId> | null
  takerId?: IdInput<UserId> | null
  emitterId?: IdInput<UserId> | null
  receiverId?: IdInput<UserId> | null
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
  assetId: IdInput<AssetId>
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
export interface StelaceConfig extends Fields<typeof S.StelaceConfig.fields> {}

/** Result of `GET /config` and `PATCH /config` (no `livemode`: the server does not add it). */
export interface PlatformConfig extends Fields<typeof S.PlatformConfig.fields> {}

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
export interface SsoConnection extends Fields<typeof S.SsoConnection.fields> {}

/** An email address: `"Name <a@b.c>"`, a bare address, or `{ name, address }`. */
export type EmailAddress = string | { readonly name?: string; readonly address?: string }

/** One address or several. */
export type EmailAddresses = EmailAddress | ReadonlyArray<EmailAddress>

/** SMTP settings of the email plugin (Nodemailer options). */
export interface EmailConfig extends Fields<typeof S.EmailConfig.fields> {}

/** The `stelace` part of the private configuration (unknown keys are kept). */
export interface PrivateStelaceConfig extends Fields<typeof S.PrivateStelaceConfig.fields> {}

/** Result of `GET /config/private` and `PATCH /config/private`. */
export interface PrivateConfig extends Fields<typeof S.PrivateConfig.fields> {}

/** Body of `PATCH /config/private`. */
export interface PrivateConfigUpdateParams {
  stelace?: PrivateStelaceConfig
}

// ---------------------------------------------------------------------------------------------
// Documents, entries
// ---------------------------------------------------------------------------------------------

/** A document (`doc_`): free-form data of a given type, with author, target and label. */
export interface Document extends Fields<typeof S.Document.fields> {}

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
  id?: IdFilter<DocumentId>
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
export interface StatValues extends Fields<typeof S.StatValues.fields> {}

/** The ranking fields a stats row carries when `computeRanking` is set. */
export interface StatRanking {
  readonly ranking?: number
  readonly lowestRanking?: number
}

/** A row of `GET /documents/stats`. */
export interface DocumentStat extends Fields<typeof S.DocumentStat.fields> {}

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
export interface Entry extends Fields<typeof S.Entry.fields> {}

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
  id?: IdFilter<EntryId>
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
export interface Event extends Fields<typeof S.Event.fields> {}

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
  id?: IdFilter<EventId>
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
export interface EventStat extends Fields<typeof S.EventStat.fields> {}

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
export interface EventHistoryParams extends Omit<HistoryParams, "id">, EventFilterParams {}

/** Query of `GET /workflow-logs/history`. */
export interface WorkflowLogHistoryParams extends HistoryParams {
  workflowId?: IdFilter<WorkflowId>
  eventId?: IdFilter<EventId>
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
export interface Message extends Fields<typeof S.Message.fields> {}

/** Body of `POST /messages`. */
export interface MessageCreateParams extends CustomDataParams {
  topicId: string
  /** May be empty. */
  content: string
  receiverId: IdInput<UserId>
  conversationId?: string
  attachments?: ReadonlyArray<Record<string, unknown>>
  read?: boolean
  /** Defaults to the current user. */
  senderId?: IdInput<UserId>
}

/** Body of `PATCH /messages/:id`. */
export interface MessageUpdateParams extends CustomDataParams {
  read?: boolean
}

/** Query of `GET /messages`. */
export interface MessageListParams extends ListParams<"createdDate" | "updatedDate", MessageId> {
  /** Sender or receiver. */
  userId?: IdInput<UserId>
  senderId?: IdInput<UserId>
  receiverId?: IdInput<UserId>
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
export interface OrderLine extends Fields<typeof S.OrderLine.fields> {}

/** Amounts of an order move in the currency actually used. */
export interface OrderMoveReal extends Fields<typeof S.OrderMoveReal.fields> {}

/** An order move (`ordm_`): money that actually moved. */
export interface OrderMove extends Fields<typeof S.OrderMove.fields> {}

/** An order (`ord_`): lines to pay and moves paid, for one payer in one currency. */
export interface Order extends Fields<typeof S.Order.fields> {}

/** Result of `POST /orders/preview`: an order not yet saved, so without ids or dates. */
export interface OrderPreview extends Fields<typeof S.OrderPreview.fields> {}

/** An order line as sent in a body; an amount requires its party's id. */
export interface OrderLineParams extends CustomDataParams {
  currency: string
  transactionId?: IdInput<TransactionId>
  reversal?: boolean
  payerId?: IdInput<UserId>
  payerAmount?: number
  receiverId?: IdInput<UserId>
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
  transactionIds?: IdFilter<TransactionId>
  lines?: ReadonlyArray<OrderLineParams>
  /** Needs `lines`. */
  moves?: ReadonlyArray<OrderMoveParams>
}

/** Body of `POST /orders`: either `transactionIds` or `lines`. */
export type OrderCreateParams =
  & CustomDataParams
  & { moves?: ReadonlyArray<OrderMoveParams> }
  & (
    | { transactionIds: IdFilter<TransactionId>; lines?: never }
    | { lines: ReadonlyArray<OrderLineParams>; transactionIds?: never }
  )

/** Body of `PATCH /orders/:id`. */
export type OrderUpdateParams = CustomDataParams

/** Query of `GET /orders` (no date filters). */
export interface OrderListParams extends PaginationParams, OrderParams<"createdDate" | "updatedDate"> {
  id?: IdFilter<OrderId>
  payerId?: IdFilter<UserId>
  receiverId?: IdInput<UserId>
  transactionId?: IdInput<TransactionId>
}

/** Body of `POST /order-lines`. */
export interface OrderLineCreateParams extends OrderLineParams {
  orderId: IdInput<OrderId>
}

/** Body of `PATCH /order-lines/:id`; parties and amounts change only before any payment attempt. */
export interface OrderLineUpdateParams extends CustomDataParams {
  payerId?: IdInput<UserId> | null
  payerAmount?: number | null
  receiverId?: IdInput<UserId> | null
  receiverAmount?: number | null
  platformAmount?: number | null
}

/** Body of `POST /order-moves`. */
export interface OrderMoveCreateParams extends OrderMoveParams {
  orderId: IdInput<OrderId>
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
export interface Rating extends Fields<typeof S.Rating.fields> {}

/** Body of `POST /ratings`. */
export interface RatingCreateParams extends CustomDataParams {
  score: number
  targetId: IdInput<UserId>
  comment?: string | null
  /** Defaults to the current user. */
  authorId?: IdInput<UserId>
  assetId?: IdInput<AssetId>
  transactionId?: IdInput<TransactionId>
  label?: string
}

/** Body of `PATCH /ratings/:id` (the server validates `label` too but does not save it). */
export interface RatingUpdateParams extends CustomDataParams {
  score?: number
  comment?: string | null
}

/** Query of `GET /ratings`. */
export interface RatingListParams extends PaginationParams, OrderParams<"createdDate" | "updatedDate"> {
  id?: IdFilter<RatingId>
  authorId?: IdFilter<UserId>
  targetId?: IdFilter<UserId>
  assetId?: IdFilter<AssetId>
  transactionId?: IdFilter<TransactionId>
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
export interface Role extends Fields<typeof S.Role.fields> {}

/** Body of `POST /roles`. */
export interface RoleCreateParams extends CustomDataParams {
  name: string
  value: string
  parentId?: IdInput<RoleId> | null
  permissions?: ReadonlyArray<string>
  readNamespaces?: ReadonlyArray<string>
  editNamespaces?: ReadonlyArray<string>
}

/** Body of `PATCH /roles/:id`. */
export type RoleUpdateParams = Partial<Omit<RoleCreateParams, "value">>

/** Query of `GET /roles` (2020-08-10; under 2019-05-20 the route takes no query). */
export type RoleListParams = Omit<ListParams<"createdDate" | "updatedDate", RoleId>, "page">

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

/**
 * What `customAttributes` of a search takes for one attribute, by its type: a number or a range
 * for numbers, `true`/`false` for booleans, the exact string for text, one value or any of several
 * for select, one value or all of several for tags; `null` filters nothing.
 */
export type SearchAttributeFilter =
  | number
  | { readonly gt?: number; readonly gte?: number; readonly lt?: number; readonly lte?: number }
  | boolean
  | string
  | ReadonlyArray<string>
  | null

/** The search criteria of `POST /search`, also what a saved search stores. */
export interface SearchQuery {
  /** Full-text query; may be empty. */
  query?: string
  categoryId?: IdFilter<CategoryId>
  assetTypeId?: IdFilter<AssetTypeId>
  location?: GeoPoint
  /** In metres. */
  maxDistance?: number
  startDate?: string
  /** Must be after `startDate`. */
  endDate?: string
  quantity?: number
  without?: IdFilter<AssetId>
  /** Assets similar to these. */
  similarTo?: IdFilter<AssetId>
  /** Always page-based, in every API version. */
  page?: number
  nbResultsPerPage?: number
  /** By attribute name (see {@link SearchAttributeFilter}); every server applies them. */
  customAttributes?: Readonly<Record<string, SearchAttributeFilter>>
  /**
   * A filter expression, as Stelace's hosted API reads it: `_price >= 10 && _price <= 30`,
   * `seats > 4 || (electric && color[red, white])`; at most 512 characters. An open-source server
   * applies it only with its `stelace-search-filter-dsl-parser` plugin, and ignores it otherwise.
   */
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
    userId?: IdInput<UserId>
    ids?: ReadonlyArray<IdInput<SavedSearchId>>
  }
}

/** An asset in search results. */
export interface SearchResult extends Fields<typeof S.SearchResult.fields> {}

/** The search criteria a saved search stores, as `POST /search` takes them. */
export interface SearchCriteria extends Fields<typeof S.SearchCriteria.fields> {}

/** A saved search (`sch_`): search criteria stored for a user. */
export interface SavedSearch extends Fields<typeof S.SavedSearch.fields> {}

/** Body of `POST /search` when saving (`save: true`, which the SDK sets). */
export interface SavedSearchCreateParams extends SearchQuery, CustomDataParams {
  save?: true
  name: string
  /** Defaults to the current user; another user needs `savedSearch:create:all`. */
  userId?: IdInput<UserId>
}

/** Body of `PATCH /search/:id`. */
export interface SavedSearchUpdateParams extends CustomDataParams {
  name?: string
  active?: boolean
}

/** Query of `GET /search` (saved searches). */
export interface SavedSearchListParams extends PaginationParams, OrderParams<"createdDate" | "updatedDate"> {
  id?: IdFilter<SavedSearchId>
  userId?: IdFilter<UserId>
  active?: boolean
}

// ---------------------------------------------------------------------------------------------
// Tasks
// ---------------------------------------------------------------------------------------------

/** A task (`task_`): an event emitted at a date or on a cron schedule. */
export interface Task extends Fields<typeof S.Task.fields> {}

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
  extends ListParams<"createdDate" | "updatedDate" | "name" | "quantity" | "price" | "validated" | "active", TaskId>
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
export interface TransactionStatusStep extends Fields<typeof S.TransactionStatusStep.fields> {}

/** A transaction (`trn_`): a taker booking an owner's asset. */
export interface Transaction extends Fields<typeof S.Transaction.fields> {}

/** Result of `POST /transactions/preview`: a transaction computed but not saved. */
export interface TransactionPreview extends Fields<typeof S.TransactionPreview.fields> {}

/** The end of a booked period: an `endDate` or a `duration`, not both. */
export type TransactionEnd =
  | { endDate?: string; duration?: never }
  | { duration?: Duration; endDate?: never }

/** The fields transaction create, update and preview bodies share. */
export interface TransactionFieldsParams extends CustomDataParams {
  assetId?: IdInput<AssetId>
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
    takerId?: IdInput<UserId>
  }

/** Body of `PATCH /transactions/:id`; setting `status` needs `transaction:config:all`. */
export type TransactionUpdateParams = TransactionFieldsParams & TransactionEnd & { status?: TransactionStatus }

/** Body of `POST /transactions/preview`. */
export type TransactionPreviewParams = TransactionFieldsParams & TransactionEnd & { assetId: IdInput<AssetId> }

/** Body of `POST /transactions/:id/transitions`; `cancel` needs `data.cancellationReason`. */
export interface TransactionTransitionParams {
  name: TransactionTransitionName
  data?: Record<string, unknown> & { cancellationReason?: string }
}

/** Query of `GET /transactions`; without `transaction:list:all`, filter on your own `ownerId` or `takerId`. */
export interface TransactionListParams extends ListParams<"createdDate" | "updatedDate", TransactionId> {
  assetId?: IdFilter<AssetId>
  assetTypeId?: IdFilter<AssetTypeId>
  ownerId?: IdFilter<UserId>
  takerId?: IdFilter<UserId>
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
export interface UserOrganizationRights extends Fields<typeof S.UserOrganizationRights.fields> {}

/**
 * A user (`usr_`) or organization (`org_`). `username`, `firstname`, `lastname` and `email` are
 * left out unless the caller may read the `private` namespace.
 */
export interface User extends Fields<typeof S.User.fields> {}

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
    | { type: "organization"; orgOwnerId?: IdInput<UserId>; username?: never; password?: never }
  )

/** Body of `PATCH /users/:id`; type, organizations and password cannot change here. */
export interface UserUpdateParams extends UserProfileParams {
  username?: string
  orgOwnerId?: IdInput<UserId>
}

/** Query of `GET /users`; `orderBy: "name"` works only under 2019-05-20. */
export interface UserListParams extends ListParams<"createdDate" | "updatedDate" | "name", UserId> {
  /** Exact match on username, email, names or display name. */
  query?: string
  /** `user` by default. */
  type?: UserType | "all"
  userOrganizationId?: IdFilter<OrganizationId>
}

/** Query of `GET /users/check-availability`. */
export interface UsersCheckAvailabilityParams {
  username: string
}

/** An organization (`org_`): a user that other users join, with an owner (`orgOwnerId`). */
export interface Organization extends Fields<typeof S.Organization.fields> {}

/** Result of `GET /users/check-availability`. */
export interface UsernameAvailability extends Fields<typeof S.UsernameAvailability.fields> {}

/** Body of `PUT /users/:id/organizations/:organizationId`: the user's roles within the organization. */
export interface UserOrganizationRightsParams {
  roles?: ReadonlyArray<string>
}

// ---------------------------------------------------------------------------------------------
// Webhooks and workflows
// ---------------------------------------------------------------------------------------------

/** A webhook log (`whl_`): one delivery attempt (no `updatedDate`, no `platformData`). */
export interface WebhookLog extends Fields<typeof S.WebhookLog.fields> {}

/** A webhook (`whk_`): events of a type posted to a URL. */
export interface Webhook extends Fields<typeof S.Webhook.fields> {}

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
export interface WebhookListParams extends Omit<ListParams<"createdDate" | "updatedDate", WebhookId>, "page"> {
  event?: StringFilter
  active?: boolean
}

/** Query of `GET /webhook-logs` (2020-08-10, cursor-paginated). */
export interface WebhookLogListParams extends Omit<PaginationParams, "page">, OrderParams<"createdDate"> {
  id?: IdFilter<WebhookLogId>
  createdDate?: RangeFilter<string>
  webhookId?: IdFilter<WebhookId>
  eventId?: IdFilter<EventId>
}

/** An HTTP method a workflow step may call. */
export type WorkflowEndpointMethod = "GET" | "PATCH" | "POST" | "DELETE"

/** A workflow step; string fields other than names hold JavaScript expressions. */
export interface WorkflowStep extends Fields<typeof S.WorkflowStep.fields> {}

/** The step details of a workflow log. */
export interface WorkflowLogStep extends Fields<typeof S.WorkflowLogStep.fields> {}

/** A workflow log (`wfl_`): one step of a run (no `updatedDate`, no `platformData`). */
export interface WorkflowLog extends Fields<typeof S.WorkflowLog.fields> {}

/** A workflow (`wfw_`): steps run, or a URL notified, when an event happens. */
export interface Workflow extends Fields<typeof S.Workflow.fields> {}

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
export interface WorkflowListParams extends Omit<ListParams<"createdDate" | "updatedDate", WorkflowId>, "page"> {
  event?: StringFilter
  active?: boolean
}

/** Query of `GET /workflow-logs` (2020-08-10, cursor-paginated). */
export interface WorkflowLogListParams extends Omit<PaginationParams, "page">, OrderParams<"createdDate"> {
  id?: IdFilter<WorkflowLogId>
  createdDate?: RangeFilter<string>
  workflowId?: IdFilter<WorkflowId>
  eventId?: IdFilter<EventId>
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
export interface AuthTokens extends Fields<typeof S.AuthTokens.fields> {}

/** Result of the `refreshToken` and `impersonateToken` grants: a new access token only. */
export interface AccessTokenResult extends Fields<typeof S.AccessTokenResult.fields> {}

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
  userId: IdInput<UserId>
  refreshToken?: string
  sourceUserId?: IdInput<UserId>
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
export interface ParsedApiKey extends Fields<typeof S.ParsedApiKey.fields> {}

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
export interface AuthCheckResult extends Fields<typeof S.AuthCheckResult.fields> {}

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
  userId?: IdInput<UserId>
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
export interface TokenCheckResult extends Fields<typeof S.TokenCheckResult.fields> {}

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
export interface BatchObjectError extends Fields<typeof S.BatchObjectError.fields> {}

/** Result of `POST /batch`; the HTTP status is that of the first failed object, or 200. */
export interface BatchResult extends Fields<typeof S.BatchResult.fields> {}

/** Body of `POST /signal`; without `destination` it broadcasts, which needs `signal:create:all`. */
export interface SignalParams {
  message?: unknown
  /** A channel name: letters, digits, `-` and `_`. */
  destination?: string
  /** `"signal"` by default. */
  event?: string
}

/** Result of `POST /signal`. */
export interface SignalResult extends Fields<typeof S.SignalResult.fields> {}

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
