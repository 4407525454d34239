/**
 * The schema definitions behind `stelace-effect/Schemas`; import them from there. Kept apart from
 * the decoding functions so the generated route table can import them without an import cycle.
 */
import * as Schema from "effect/Schema"
import type * as Struct from "effect/Struct"
import type * as T from "../../Types.js"

// ---------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------

/**
 * An open object schema: decodes the fields it names and keeps any other field as it came. `Type`
 * is the resource type (`Asset`...); `fields` are the field schemas, to reuse or `extend`.
 */
export interface Resource<Fields extends Schema.Struct.Fields, A = Schema.Struct.Type<Fields>>
  extends Schema.Codec<A, Schema.Struct.Encoded<Fields>>
{
  readonly fields: Fields
}

const rest = [Schema.Record(Schema.String, Schema.Unknown)] as const

/**
 * An open object schema from its fields: unknown fields are kept (effect's own structs strip
 * them, and `onExcessProperty` has no "keep" in 4.1).
 *
 * @example
 * ```ts
 * const Point = Schemas.resource({ latitude: Schema.Number, longitude: Schema.Number })
 * Schema.decodeUnknownSync(Point)({ latitude: 1, longitude: 2, city: "Paris" }) // city is kept
 * ```
 */
export const resource = <const Fields extends Schema.Struct.Fields>(fields: Fields): Resource<Fields> =>
  Object.assign(Schema.StructWithRest(Schema.Struct(fields), rest), { fields }) as any

/**
 * A resource schema with some fields replaced or added: the way to narrow `metadata`,
 * `platformData` or `customAttributes` to your own shapes. Unknown fields stay kept.
 *
 * @example
 * ```ts
 * const MyAsset = Schemas.extend(Schemas.Asset, {
 *   metadata: Schemas.resource({ color: Schema.String, tags: Schema.Array(Schema.String) })
 * })
 * const asset = yield* Assets.read("ast_1").pipe(Schemas.decodeAs(MyAsset))
 * asset.metadata.color // string
 * ```
 */
export const extend = <Fields extends Schema.Struct.Fields, A, const New extends Schema.Struct.Fields>(
  self: Resource<Fields, A>,
  fields: New
): Resource<Struct.Assign<Fields, New>, Omit<A, keyof New> & Schema.Struct.Type<New>> =>
  resource({ ...self.fields, ...fields }) as any

/** An open record: any keys, any values (`metadata`, `platformData`, `customAttributes`...). */
export const OpenRecord: Schema.Codec<Record<string, unknown>> = Schema.Record(Schema.String, Schema.Unknown)

/** An ISO 8601 date-time, kept as the string the server sent. */
export const DateString: Schema.Codec<string> = Schema.String

// ---------------------------------------------------------------------------------------------
// Ids
// ---------------------------------------------------------------------------------------------

/** The id of an API key (`apik_...`). */
export const ApiKeyId: Schema.Codec<T.ApiKeyId, string> = Schema.String.pipe(Schema.brand("ApiKeyId"))
/** The id of an assessment (`assm_...`). */
export const AssessmentId: Schema.Codec<T.AssessmentId, string> = Schema.String.pipe(Schema.brand("AssessmentId"))
/** The id of an asset (`ast_...`). */
export const AssetId: Schema.Codec<T.AssetId, string> = Schema.String.pipe(Schema.brand("AssetId"))
/** The id of an asset type (`typ_...`). */
export const AssetTypeId: Schema.Codec<T.AssetTypeId, string> = Schema.String.pipe(Schema.brand("AssetTypeId"))
/** The id of an availability (`avl_...`). */
export const AvailabilityId: Schema.Codec<T.AvailabilityId, string> = Schema.String.pipe(Schema.brand("AvailabilityId"))
/** The id of a category (`ctgy_...`). */
export const CategoryId: Schema.Codec<T.CategoryId, string> = Schema.String.pipe(Schema.brand("CategoryId"))
/** The id of a custom attribute (`attr_...`). */
export const CustomAttributeId: Schema.Codec<T.CustomAttributeId, string> = Schema.String.pipe(Schema.brand("CustomAttributeId"))
/** The id of a document (`doc_...`). */
export const DocumentId: Schema.Codec<T.DocumentId, string> = Schema.String.pipe(Schema.brand("DocumentId"))
/** The id of a content entry (`ent_...`). */
export const EntryId: Schema.Codec<T.EntryId, string> = Schema.String.pipe(Schema.brand("EntryId"))
/** The id of an event (`evt_...`). */
export const EventId: Schema.Codec<T.EventId, string> = Schema.String.pipe(Schema.brand("EventId"))
/** The id of a message (`msg_...`). */
export const MessageId: Schema.Codec<T.MessageId, string> = Schema.String.pipe(Schema.brand("MessageId"))
/** The id of an order (`ord_...`). */
export const OrderId: Schema.Codec<T.OrderId, string> = Schema.String.pipe(Schema.brand("OrderId"))
/** The id of an order line (`ordl_...`). */
export const OrderLineId: Schema.Codec<T.OrderLineId, string> = Schema.String.pipe(Schema.brand("OrderLineId"))
/** The id of an order move (`ordm_...`). */
export const OrderMoveId: Schema.Codec<T.OrderMoveId, string> = Schema.String.pipe(Schema.brand("OrderMoveId"))
/** The id of a rating (`rtg_...`). */
export const RatingId: Schema.Codec<T.RatingId, string> = Schema.String.pipe(Schema.brand("RatingId"))
/** The id of a role (`role_...`). */
export const RoleId: Schema.Codec<T.RoleId, string> = Schema.String.pipe(Schema.brand("RoleId"))
/** The id of a saved search (`sch_...`). */
export const SavedSearchId: Schema.Codec<T.SavedSearchId, string> = Schema.String.pipe(Schema.brand("SavedSearchId"))
/** The id of a task (`task_...`). */
export const TaskId: Schema.Codec<T.TaskId, string> = Schema.String.pipe(Schema.brand("TaskId"))
/** The id of a transaction (`trn_...`). */
export const TransactionId: Schema.Codec<T.TransactionId, string> = Schema.String.pipe(Schema.brand("TransactionId"))
/** The id of a user (`usr_...`) or an organization (`org_...`): organizations are users. */
export const UserId: Schema.Codec<T.UserId, string> = Schema.String.pipe(Schema.brand("UserId"))
/** The id of an organization (`org_...`): the same brand as `UserId`, since organizations are users. */
export const OrganizationId: Schema.Codec<T.OrganizationId, string> = UserId
/** The id of a webhook (`whk_...`). */
export const WebhookId: Schema.Codec<T.WebhookId, string> = Schema.String.pipe(Schema.brand("WebhookId"))
/** The id of a webhook log (`whl_...`). */
export const WebhookLogId: Schema.Codec<T.WebhookLogId, string> = Schema.String.pipe(Schema.brand("WebhookLogId"))
/** The id of a workflow (`wfw_...`). */
export const WorkflowId: Schema.Codec<T.WorkflowId, string> = Schema.String.pipe(Schema.brand("WorkflowId"))
/** The id of a workflow log (`wfl_...`). */
export const WorkflowLogId: Schema.Codec<T.WorkflowLogId, string> = Schema.String.pipe(Schema.brand("WorkflowLogId"))

// ---------------------------------------------------------------------------------------------
// Shared values
// ---------------------------------------------------------------------------------------------

/** An API version the server knows. */
export const ApiVersion: Schema.Codec<T.ApiVersion> = Schema.Literals(["2020-08-10", "2019-05-20"])

/** A time unit: minute, hour, day, night, week, month. */
export const TimeUnit: Schema.Codec<T.TimeUnit> = Schema.Literals(["m", "h", "d", "n", "w", "M"])

const timeUnits: ReadonlyArray<string> = ["m", "h", "d", "n", "w", "M"]

/** A duration with exactly one time unit and a whole number of units, e.g. `{ d: 1 }`. */
export const Duration: Schema.Codec<T.Duration> = Schema.Record(Schema.String, Schema.Number).pipe(
  Schema.check(Schema.makeFilter((duration: Readonly<Record<string, number>>) => {
    const keys = Object.keys(duration)
    return keys.length === 1 && timeUnits.includes(keys[0]!) ? undefined : "Expected one time unit (m, h, d, n, w or M)"
  }))
) as any

const geoPointFields = {
  latitude: Schema.Number,
  longitude: Schema.Number
}
/** A point on Earth, in degrees. */
export const GeoPoint: Resource<typeof geoPointFields, T.GeoPoint> = resource(geoPointFields)

const assetLocationFields = {
  latitude: Schema.Number,
  longitude: Schema.Number
}
/** An asset location: a point plus any custom properties stored next to it. */
export const AssetLocation: Resource<typeof assetLocationFields, T.AssetLocation> = resource(assetLocationFields)

const deletedFields = { id: Schema.String }
/** The `{ id }` body every DELETE route answers with (also when the object did not exist). */
export const Deleted: Resource<typeof deletedFields, T.Deleted> = resource(deletedFields)

const successFields = { success: Schema.Literal(true) }
/** The `{ success: true }` body of routes that have nothing else to say. */
export const Success: Resource<typeof successFields, T.Success> = resource(successFields)

// ---------------------------------------------------------------------------------------------
// Pagination and pages
// ---------------------------------------------------------------------------------------------

const offsetPaginationFields = {
  nbResults: Schema.Number,
  nbPages: Schema.Number,
  page: Schema.Number,
  nbResultsPerPage: Schema.Number
}
/** Page-based pagination metadata (API version 2019-05-20, search, event stats). */
export const OffsetPagination: Resource<typeof offsetPaginationFields, T.OffsetPagination> = resource(offsetPaginationFields)

const searchPaginationFields = {
  ...offsetPaginationFields,
  /** `false` when `nbResults` is only a lower bound. */
  exhaustiveNbResults: Schema.Boolean
}
/** Pagination metadata of search results: page-based, in every API version. */
export const SearchPagination: Resource<typeof searchPaginationFields, T.SearchPagination> = resource(searchPaginationFields)

const cursorPaginationFields = {
  hasPreviousPage: Schema.Boolean,
  hasNextPage: Schema.Boolean,
  startCursor: Schema.NullOr(Schema.String),
  endCursor: Schema.NullOr(Schema.String),
  nbResultsPerPage: Schema.Number
}
/** Cursor-based pagination metadata (API version 2020-08-10). */
export const CursorPagination: Resource<typeof cursorPaginationFields, T.CursorPagination> = resource(cursorPaginationFields)

/** Either pagination metadata: what a list answers depends on the API version. */
export const PaginationMeta: Schema.Codec<T.OffsetPagination | T.CursorPagination> = Schema.Union([
  CursorPagination,
  OffsetPagination
])

/** A page as the SDK returns it: `{ results, paginationMeta }`. */
export interface Page<Item extends Schema.Top, Meta extends Schema.Top> extends
  Schema.Codec<
    { readonly results: ReadonlyArray<Item["Type"]>; readonly paginationMeta: Meta["Type"] },
    { readonly results: ReadonlyArray<Item["Encoded"]>; readonly paginationMeta: Meta["Encoded"] },
    Item["DecodingServices"] | Meta["DecodingServices"],
    Item["EncodingServices"] | Meta["EncodingServices"]
  >
{}

/**
 * The schema of a list call's result, a page of `item`s: `Page(Asset)` for `Assets.list`. The
 * pagination meta is either kind unless a meta schema is given (`SearchPagination` for search).
 */
export const Page = <Item extends Schema.Top, Meta extends Schema.Top = typeof PaginationMeta>(
  item: Item,
  meta?: Meta
): Page<Item, Meta> =>
  Schema.Struct({ results: Schema.Array(item), paginationMeta: meta ?? PaginationMeta }) as any

// ---------------------------------------------------------------------------------------------
// Resources: common parts
// ---------------------------------------------------------------------------------------------

const stamped = {
  /** ISO 8601 date-time. */
  createdDate: DateString,
  /** ISO 8601 date-time. */
  updatedDate: DateString
}

const customData = {
  metadata: OpenRecord,
  /** Editing it needs the `platformData:edit:all` permission. */
  platformData: OpenRecord
}

const live = {
  /** `true` for objects of the live environment. */
  livemode: Schema.Boolean
}

const baseResourceFields = {
  /** Prefix, underscore and random part, e.g. `ast_2l7fQps1I3a1gJYz2I3a`. */
  id: Schema.String,
  ...stamped,
  ...customData,
  ...live
}
/**
 * The fields every exposed object has. Keys of `metadata` and `platformData` that start with `_`
 * are namespaces (`_private`, `_protected`, ...) and are left out unless the caller may read them.
 */
export const BaseResource: Resource<typeof baseResourceFields, T.BaseResource> = resource(baseResourceFields)

// ---------------------------------------------------------------------------------------------
// API keys
// ---------------------------------------------------------------------------------------------

const apiKeyFields = {
  id: ApiKeyId,
  ...stamped,
  name: Schema.String,
  /** Obfuscated for secret and custom keys unless read with `reveal: 1`; in full once, on create. */
  key: Schema.String,
  roles: Schema.Array(Schema.String),
  permissions: Schema.Array(Schema.String),
  readNamespaces: Schema.Array(Schema.String),
  editNamespaces: Schema.Array(Schema.String),
  ...customData,
  ...live
}
/** An API key (`apik_`). */
export const ApiKey: Resource<typeof apiKeyFields, T.ApiKey> = resource(apiKeyFields)

// ---------------------------------------------------------------------------------------------
// Assets, asset types, categories, custom attributes, availabilities
// ---------------------------------------------------------------------------------------------

const assetFields = {
  id: AssetId,
  ...stamped,
  name: Schema.String,
  description: Schema.NullOr(Schema.String),
  ownerId: Schema.NullOr(UserId),
  categoryId: Schema.NullOr(CategoryId),
  validated: Schema.Boolean,
  active: Schema.Boolean,
  locations: Schema.Array(AssetLocation),
  assetTypeId: AssetTypeId,
  quantity: Schema.Number,
  price: Schema.Number,
  currency: Schema.NullOr(Schema.String),
  /** Values keyed by custom attribute name. */
  customAttributes: OpenRecord,
  ...customData,
  ...live
}
/** An asset (`ast_`): the thing a platform lists. */
export const Asset: Resource<typeof assetFields, T.Asset> = resource(assetFields)

const assetSnapshotFields = {
  id: Schema.optionalKey(AssetId),
  createdDate: Schema.optionalKey(DateString),
  updatedDate: Schema.optionalKey(DateString),
  name: Schema.optionalKey(Schema.String),
  description: Schema.optionalKey(Schema.NullOr(Schema.String)),
  ownerId: Schema.optionalKey(Schema.NullOr(UserId)),
  categoryId: Schema.optionalKey(Schema.NullOr(CategoryId)),
  validated: Schema.optionalKey(Schema.Boolean),
  active: Schema.optionalKey(Schema.Boolean),
  locations: Schema.optionalKey(Schema.Array(AssetLocation)),
  assetTypeId: Schema.optionalKey(AssetTypeId),
  quantity: Schema.optionalKey(Schema.Number),
  price: Schema.optionalKey(Schema.Number),
  currency: Schema.optionalKey(Schema.NullOr(Schema.String)),
  customAttributes: Schema.optionalKey(OpenRecord),
  metadata: Schema.optionalKey(OpenRecord),
  platformData: Schema.optionalKey(OpenRecord),
  livemode: Schema.optionalKey(Schema.Boolean)
}
/**
 * The asset as a transaction keeps it: its fields as they were when the asset was attached, none
 * before (a transaction created without an asset has an empty snapshot).
 */
export const AssetSnapshot: Resource<typeof assetSnapshotFields, T.AssetSnapshot> = resource(assetSnapshotFields)

const assetTypePricingFields = {
  ownerFeesPercent: Schema.Number,
  takerFeesPercent: Schema.Number
}
/** Platform fees of an asset type, in whole percents (0-100). */
export const AssetTypePricing: Resource<typeof assetTypePricingFields, T.AssetTypePricing> = resource(assetTypePricingFields)

const assetTypeTimingFields = {
  timeUnit: TimeUnit,
  minDuration: Schema.NullOr(Duration),
  maxDuration: Schema.NullOr(Duration)
}
/** Time settings of an asset type. */
export const AssetTypeTiming: Resource<typeof assetTypeTimingFields, T.AssetTypeTiming> = resource(assetTypeTimingFields)

const transactionTransitionFields = {
  name: Schema.String,
  /** A status, or `"*"` (any status). */
  from: Schema.String,
  to: Schema.String,
  /** Who may trigger it, e.g. `["owner"]`, `["taker"]`. */
  actors: Schema.optionalKey(Schema.Array(Schema.String))
}
/** A transition of a transaction process. */
export const TransactionTransition: Resource<typeof transactionTransitionFields, T.TransactionTransition> = resource(
  transactionTransitionFields
)

const transactionProcessFields = {
  initStatus: Schema.String,
  cancelStatus: Schema.String,
  transitions: Schema.Array(TransactionTransition)
}
/** A custom transaction process (the default one is used when an asset type has none). */
export const TransactionProcess: Resource<typeof transactionProcessFields, T.TransactionProcess> = resource(transactionProcessFields)

const assetTypeNamespacesFields = {
  /** Namespaces made visible to the other party, by transaction statuses. */
  visibility: Schema.Record(Schema.String, Schema.Array(Schema.String))
}
/** Which namespaces become visible to the other party, by transaction statuses. */
export const AssetTypeNamespaces: Resource<typeof assetTypeNamespacesFields, T.AssetTypeNamespaces> = resource(
  assetTypeNamespacesFields
)

const assetTypeFields = {
  id: AssetTypeId,
  ...stamped,
  name: Schema.String,
  timeBased: Schema.Boolean,
  infiniteStock: Schema.Boolean,
  /** Left out (like `timing`, `unavailableWhen`, `transactionProcess`) if the plan has no transaction permission. */
  pricing: Schema.optionalKey(AssetTypePricing),
  timing: Schema.optionalKey(AssetTypeTiming),
  /** Statuses that block availability; `null` means `["validated", "completed"]`. */
  unavailableWhen: Schema.optionalKey(Schema.NullOr(Schema.Array(Schema.String))),
  transactionProcess: Schema.optionalKey(Schema.NullOr(TransactionProcess)),
  namespaces: AssetTypeNamespaces,
  isDefault: Schema.Boolean,
  active: Schema.Boolean,
  ...customData,
  ...live
}
/** An asset type (`typ_`): how assets of a kind are booked. */
export const AssetType: Resource<typeof assetTypeFields, T.AssetType> = resource(assetTypeFields)

const categoryFields = {
  id: CategoryId,
  ...stamped,
  name: Schema.String,
  parentId: Schema.NullOr(CategoryId),
  ...customData,
  ...live
}
/** A category (`ctgy_`) of assets, possibly nested. */
export const Category: Resource<typeof categoryFields, T.Category> = resource(categoryFields)

/** The value type of a custom attribute. */
export const CustomAttributeType: Schema.Codec<T.CustomAttributeType> = Schema.Literals([
  "number",
  "boolean",
  "text",
  "select",
  "tags"
])

const customAttributeFields = {
  id: CustomAttributeId,
  ...stamped,
  name: Schema.String,
  type: CustomAttributeType,
  /** Allowed values of `select` and `tags` attributes. */
  listValues: Schema.NullOr(Schema.Array(Schema.String)),
  ...customData,
  ...live
}
/** A custom attribute (`attr_`): a searchable asset field. */
export const CustomAttribute: Resource<typeof customAttributeFields, T.CustomAttribute> = resource(customAttributeFields)

/** A relative quantity change such as `"+1"` or `"-2"`. */
export const RelativeQuantity: Schema.Codec<T.RelativeQuantity> = Schema.Union([
  Schema.TemplateLiteral(["+", Schema.Number]),
  Schema.TemplateLiteral(["-", Schema.Number])
])

const availabilityFields = {
  id: AvailabilityId,
  ...stamped,
  assetId: AssetId,
  startDate: DateString,
  endDate: DateString,
  /** A number when absolute, a signed string when relative. */
  quantity: Schema.Union([Schema.Number, RelativeQuantity]),
  /** Cron pattern. */
  recurringPattern: Schema.NullOr(Schema.String),
  recurringTimezone: Schema.NullOr(Schema.String),
  recurringDuration: Schema.NullOr(Duration),
  ...customData,
  ...live
}
/** An availability (`avl_`): the quantity of an asset over a period, possibly recurring. */
export const Availability: Resource<typeof availabilityFields, T.Availability> = resource(availabilityFields)

const availabilityGraphDateFields = {
  date: DateString,
  usedQuantity: Schema.Number,
  availableQuantity: Schema.Number
}
/** One step of an availability graph. */
export const AvailabilityGraphDate: Resource<typeof availabilityGraphDateFields, T.AvailabilityGraphDate> = resource(
  availabilityGraphDateFields
)

const availabilityGraphFields = {
  graphDates: Schema.Array(AvailabilityGraphDate),
  defaultQuantity: Schema.Number,
  totalUsedQuantity: Schema.Number
}
/** Result of `GET /availabilities/graph`: the asset's quantity over time. */
export const AvailabilityGraph: Resource<typeof availabilityGraphFields, T.AvailabilityGraph> = resource(availabilityGraphFields)

// ---------------------------------------------------------------------------------------------
// Assessments
// ---------------------------------------------------------------------------------------------

/** The outcome an assessment states. */
export const AssessmentStatement: Schema.Codec<T.AssessmentStatement> = Schema.Literals(["pass", "challenge"])

/** The status of an assessment. */
export const AssessmentStatus: Schema.Codec<T.AssessmentStatus> = Schema.Literals(["draft", "accept", "reject"])

const assessmentSignerFields = {
  comment: Schema.NullOr(Schema.String),
  statement: Schema.NullOr(AssessmentStatement),
  signedDate: Schema.NullOr(DateString)
}
/** A signer's part of an assessment. */
export const AssessmentSigner: Resource<typeof assessmentSignerFields, T.AssessmentSigner> = resource(assessmentSignerFields)

const assessmentFields = {
  id: AssessmentId,
  ...stamped,
  statement: Schema.NullOr(AssessmentStatement),
  status: Schema.NullOr(AssessmentStatus),
  assetId: AssetId,
  transactionId: Schema.NullOr(TransactionId),
  ownerId: UserId,
  takerId: Schema.NullOr(UserId),
  /** `null` when nobody emitted it; absent from the answer of `POST /assessments`. */
  emitterId: Schema.optionalKey(Schema.NullOr(UserId)),
  receiverId: Schema.NullOr(UserId),
  /** Keyed by signer user id. */
  signers: Schema.Record(Schema.String, AssessmentSigner),
  /** Keyed by signer user id; the server shows only the codes the caller may see (none in lists). */
  signCodes: Schema.Record(Schema.String, Schema.NullOr(Schema.String)),
  nbSigners: Schema.Number,
  expirationDate: Schema.NullOr(DateString),
  signedDate: Schema.NullOr(DateString),
  assessmentDate: Schema.NullOr(DateString),
  ...customData,
  ...live
}
/** An assessment (`assm_`): a statement about an asset that its parties sign. */
export const Assessment: Resource<typeof assessmentFields, T.Assessment> = resource(assessmentFields)

// ---------------------------------------------------------------------------------------------
// Configuration
// ---------------------------------------------------------------------------------------------

const stelaceConfigFields = {
  roles: Schema.optionalKey(resource({
    /** Roles a user may pick at creation. */
    whitelist: Schema.optionalKey(Schema.NullOr(Schema.Array(Schema.String))),
    /** Roles given when none are picked. */
    default: Schema.optionalKey(Schema.NullOr(Schema.Array(Schema.String)))
  })),
  tokenCheckRedirectUrl: Schema.optionalKey(Schema.NullOr(Schema.String)),
  search: Schema.optionalKey(resource({
    /** In metres. */
    maxDistance: Schema.optionalKey(Schema.NullOr(Schema.Number))
  })),
  instant: Schema.optionalKey(resource({
    serviceName: Schema.optionalKey(Schema.NullOr(Schema.String)),
    logoUrl: Schema.optionalKey(Schema.NullOr(Schema.String)),
    locale: Schema.optionalKey(Schema.String),
    currency: Schema.optionalKey(Schema.String),
    assetsInUniqueCountry: Schema.optionalKey(Schema.NullOr(Schema.String)),
    assetsInUniqueCountryActive: Schema.optionalKey(Schema.Boolean)
  }))
}
/** The `stelace` part of the platform configuration (unknown keys are kept). */
export const StelaceConfig: Resource<typeof stelaceConfigFields, T.StelaceConfig> = resource(stelaceConfigFields)

const platformConfigFields = {
  stelace: StelaceConfig,
  custom: OpenRecord,
  theme: OpenRecord
}
/** Result of `GET /config` and `PATCH /config`. */
export const PlatformConfig: Resource<typeof platformConfigFields, T.PlatformConfig> = resource(platformConfigFields)

/** The platform configuration (`GET /config`): another name of `PlatformConfig`. */
export const Config: Resource<typeof platformConfigFields, T.PlatformConfig> = PlatformConfig

/** A flat object of primitive values, as SSO mappings and workflow contexts hold. */
export const FlatRecord: Schema.Codec<T.FlatRecord> = Schema.Record(
  Schema.String,
  Schema.Union([Schema.String, Schema.Number, Schema.Boolean, Schema.Null])
)

const ssoConnectionFields = {
  protocol: Schema.optionalKey(Schema.Literals(["oauth2", "openid"])),
  authorizationQueryParams: Schema.optionalKey(Schema.NullOr(FlatRecord)),
  tokenBodyParams: Schema.optionalKey(Schema.NullOr(FlatRecord)),
  clientId: Schema.optionalKey(Schema.String),
  clientSecret: Schema.optionalKey(Schema.String),
  afterAuthenticationUrl: Schema.optionalKey(Schema.String),
  userInfoMapping: Schema.optionalKey(Schema.NullOr(FlatRecord)),
  /** Deprecated name of `userInfoMapping`. */
  userMapProperties: Schema.optionalKey(Schema.NullOr(FlatRecord)),
  scope: Schema.optionalKey(Schema.String),
  active: Schema.optionalKey(Schema.Boolean),
  endSessionUrl: Schema.optionalKey(Schema.String),
  afterLogoutUrl: Schema.optionalKey(Schema.String),
  jwksUrl: Schema.optionalKey(Schema.NullOr(Schema.String)),
  jwks: Schema.optionalKey(Schema.NullOr(OpenRecord)),
  idTokenSignedResponseAlg: Schema.optionalKey(Schema.NullOr(Schema.String)),
  tokenEndpointAuthSigningAlg: Schema.optionalKey(Schema.NullOr(Schema.String)),
  issuer: Schema.optionalKey(Schema.String),
  pkceEnabled: Schema.optionalKey(Schema.Boolean),
  isCustom: Schema.optionalKey(Schema.Boolean),
  authorizationUrl: Schema.optionalKey(Schema.String),
  tokenUrl: Schema.optionalKey(Schema.String),
  userInfoUrl: Schema.optionalKey(Schema.String)
}
/** An SSO connection: built-in OAuth2 provider (github, google, facebook), custom OAuth2 or OpenID. */
export const SsoConnection: Resource<typeof ssoConnectionFields, T.SsoConnection> = resource(ssoConnectionFields)

/** An email address: `"Name <a@b.c>"`, a bare address, or `{ name, address }`. */
export const EmailAddress: Schema.Codec<T.EmailAddress> = Schema.Union([
  Schema.String,
  resource({ name: Schema.optionalKey(Schema.String), address: Schema.optionalKey(Schema.String) })
])

/** One address or several. */
export const EmailAddresses: Schema.Codec<T.EmailAddresses> = Schema.Union([EmailAddress, Schema.Array(EmailAddress)])

const emailConfigFields = {
  host: Schema.optionalKey(Schema.NullOr(Schema.String)),
  port: Schema.optionalKey(Schema.NullOr(Schema.Number)),
  secure: Schema.optionalKey(Schema.NullOr(Schema.Boolean)),
  ignoreTLS: Schema.optionalKey(Schema.NullOr(Schema.Boolean)),
  requireTLS: Schema.optionalKey(Schema.NullOr(Schema.Boolean)),
  auth: Schema.optionalKey(Schema.NullOr(resource({
    user: Schema.optionalKey(Schema.NullOr(Schema.String)),
    pass: Schema.optionalKey(Schema.NullOr(Schema.String))
  }))),
  defaults: Schema.optionalKey(Schema.NullOr(resource({
    from: Schema.optionalKey(Schema.NullOr(EmailAddress)),
    cc: Schema.optionalKey(Schema.NullOr(EmailAddresses)),
    bcc: Schema.optionalKey(Schema.NullOr(EmailAddresses)),
    replyTo: Schema.optionalKey(Schema.NullOr(EmailAddress))
  })))
}
/** SMTP settings of the email plugin (Nodemailer options). */
export const EmailConfig: Resource<typeof emailConfigFields, T.EmailConfig> = resource(emailConfigFields)

/** Refresh-token lifetime: one unit among minutes, hours, days, e.g. `{ d: 14 }`. */
export const RefreshTokenExpiration: Schema.Codec<T.RefreshTokenExpiration> = Duration as any

const privateStelaceConfigFields = {
  stelaceAuthRefreshTokenExpiration: Schema.optionalKey(Schema.NullOr(RefreshTokenExpiration)),
  /** Keyed by provider name, the `:provider` of the SSO routes. */
  ssoConnections: Schema.optionalKey(Schema.Record(Schema.String, Schema.NullOr(SsoConnection))),
  email: Schema.optionalKey(Schema.NullOr(EmailConfig)),
  workflow: Schema.optionalKey(resource({
    /** Environment variables for workflows, by context name. */
    contexts: Schema.optionalKey(Schema.Record(Schema.String, FlatRecord))
  })),
  instant: Schema.optionalKey(OpenRecord)
}
/** The `stelace` part of the private configuration (unknown keys are kept). */
export const PrivateStelaceConfig: Resource<typeof privateStelaceConfigFields, T.PrivateStelaceConfig> = resource(
  privateStelaceConfigFields
)

const privateConfigFields = { stelace: PrivateStelaceConfig }
/** Result of `GET /config/private` and `PATCH /config/private`. */
export const PrivateConfig: Resource<typeof privateConfigFields, T.PrivateConfig> = resource(privateConfigFields)

// ---------------------------------------------------------------------------------------------
// Documents, entries
// ---------------------------------------------------------------------------------------------

const documentFields = {
  id: DocumentId,
  ...stamped,
  authorId: Schema.NullOr(Schema.String),
  targetId: Schema.NullOr(Schema.String),
  type: Schema.String,
  /** Colon-separated, e.g. `"main:secondary"`. */
  label: Schema.NullOr(Schema.String),
  data: OpenRecord,
  ...customData,
  ...live
}
/** A document (`doc_`): free-form data of a given type, with author, target and label. */
export const Document: Resource<typeof documentFields, T.Document> = resource(documentFields)

const statValuesFields = {
  count: Schema.Number,
  avg: Schema.NullOr(Schema.Number),
  sum: Schema.NullOr(Schema.Number),
  min: Schema.NullOr(Schema.Number),
  max: Schema.NullOr(Schema.Number)
}
/** Aggregated numbers of a stats row; all but `count` are `null` without a numeric `field`. */
export const StatValues: Resource<typeof statValuesFields, T.StatValues> = resource(statValuesFields)

const statRankingFields = {
  ranking: Schema.optionalKey(Schema.Number),
  lowestRanking: Schema.optionalKey(Schema.Number)
}

const documentStatFields = {
  ...statValuesFields,
  ...statRankingFields,
  /** The `groupBy` of the query. */
  groupBy: Schema.String,
  /** The group's value; `null` in the placeholder row of a label with no document. */
  groupByValue: Schema.NullOr(Schema.String)
}
/** A row of `GET /documents/stats`. */
export const DocumentStat: Resource<typeof documentStatFields, T.DocumentStat> = resource(documentStatFields)

const entryFields = {
  id: EntryId,
  ...stamped,
  collection: Schema.String,
  locale: Schema.String,
  name: Schema.String,
  fields: OpenRecord,
  metadata: OpenRecord,
  ...live
}
/** A content entry (`ent_`): localized fields of a collection (no `platformData`). */
export const Entry: Resource<typeof entryFields, T.Entry> = resource(entryFields)

// ---------------------------------------------------------------------------------------------
// Events and history
// ---------------------------------------------------------------------------------------------

/** Who emitted an event. */
export const EventEmitterType: Schema.Codec<T.EventEmitterType> = Schema.Literals(["core", "custom", "task"])

const eventFields = {
  id: EventId,
  /** ISO 8601 date-time. */
  createdDate: DateString,
  /** e.g. `asset__created`; custom types contain no double underscore. */
  type: Schema.String,
  objectType: Schema.NullOr(Schema.String),
  objectId: Schema.NullOr(Schema.String),
  object: Schema.NullOr(OpenRecord),
  changesRequested: Schema.NullOr(OpenRecord),
  /** Ids of related objects, `null` where there is none (e.g. `categoryId` of an asset without category). */
  relatedObjectsIds: Schema.NullOr(Schema.Record(Schema.String, Schema.NullOr(Schema.String))),
  apiVersion: Schema.String,
  emitter: EventEmitterType,
  emitterId: Schema.NullOr(Schema.String),
  metadata: OpenRecord,
  ...live
}
/** An event (`evt_`): an immutable record of something that happened (no `updatedDate`, no `platformData`). */
export const Event: Resource<typeof eventFields, T.Event> = resource(eventFields)

const eventStatFields = {
  ...statValuesFields,
  groupBy: Schema.String,
  groupByValue: Schema.String
}
/** A row of `GET /events/stats`. */
export const EventStat: Resource<typeof eventStatFields, T.EventStat> = resource(eventStatFields)

/**
 * A row of a history result: the bucket's start date under the `groupBy` key, and a count, e.g.
 * `{ day: "2020-08-01T00:00:00.000Z", count: 2 }`.
 */
export const HistoryBucket: Schema.Codec<T.HistoryBucket> = Schema.Union([
  resource({ hour: DateString, count: Schema.Number }),
  resource({ day: DateString, count: Schema.Number }),
  resource({ month: DateString, count: Schema.Number })
])

// ---------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------

const messageFields = {
  id: MessageId,
  ...stamped,
  /** The id of what the message is about (an asset, a transaction, ...). */
  topicId: Schema.String,
  conversationId: Schema.String,
  content: Schema.String,
  attachments: Schema.Array(OpenRecord),
  read: Schema.Boolean,
  senderId: UserId,
  receiverId: UserId,
  ...customData,
  ...live
}
/** A message (`msg_`) between two users about a topic. */
export const Message: Resource<typeof messageFields, T.Message> = resource(messageFields)

// ---------------------------------------------------------------------------------------------
// Orders
// ---------------------------------------------------------------------------------------------

const orderLineFields = {
  id: OrderLineId,
  ...stamped,
  orderId: Schema.optionalKey(OrderId),
  transactionId: Schema.optionalKey(Schema.NullOr(TransactionId)),
  reversal: Schema.optionalKey(Schema.Boolean),
  payerId: Schema.optionalKey(Schema.NullOr(UserId)),
  payerAmount: Schema.optionalKey(Schema.NullOr(Schema.Number)),
  receiverId: Schema.optionalKey(Schema.NullOr(UserId)),
  receiverAmount: Schema.optionalKey(Schema.NullOr(Schema.Number)),
  platformAmount: Schema.optionalKey(Schema.NullOr(Schema.Number)),
  currency: Schema.String,
  metadata: Schema.optionalKey(OpenRecord),
  platformData: Schema.optionalKey(OpenRecord),
  /** `true` for objects of the live environment (left out of the lines of an order). */
  livemode: Schema.optionalKey(Schema.Boolean)
}
/**
 * An order line (`ordl_`): what a payer owes and a receiver gets. Lines live inside their order
 * and keep only the fields they were given or computed with, hence the optional fields.
 */
export const OrderLine: Resource<typeof orderLineFields, T.OrderLine> = resource(orderLineFields)

const orderMoveRealFields = {
  payerAmount: Schema.optionalKey(Schema.NullOr(Schema.Number)),
  receiverAmount: Schema.optionalKey(Schema.NullOr(Schema.Number)),
  platformAmount: Schema.optionalKey(Schema.NullOr(Schema.Number)),
  currency: Schema.String
}
/** Amounts of an order move in the currency actually used. */
export const OrderMoveReal: Resource<typeof orderMoveRealFields, T.OrderMoveReal> = resource(orderMoveRealFields)

const orderMoveFields = {
  ...orderLineFields,
  id: OrderMoveId,
  eventDate: Schema.optionalKey(DateString),
  currency: Schema.optionalKey(Schema.String),
  real: Schema.optionalKey(Schema.NullOr(OrderMoveReal))
}
/** An order move (`ordm_`): money that actually moved. */
export const OrderMove: Resource<typeof orderMoveFields, T.OrderMove> = resource(orderMoveFields)

const orderFields = {
  id: OrderId,
  ...stamped,
  lines: Schema.Array(OrderLine),
  moves: Schema.Array(OrderMove),
  amountDue: Schema.NullOr(Schema.Number),
  amountPaid: Schema.NullOr(Schema.Number),
  amountRemaining: Schema.NullOr(Schema.Number),
  currency: Schema.String,
  payerId: Schema.NullOr(UserId),
  paymentAttempted: Schema.Boolean,
  /** Listed among the exposed fields, but nothing in the server sets it. */
  isExternal: Schema.optionalKey(Schema.Boolean),
  ...customData,
  ...live
}
/** An order (`ord_`): lines to pay and moves paid, for one payer in one currency. */
export const Order: Resource<typeof orderFields, T.Order> = resource(orderFields)

const { id: _lineId, createdDate: _lineCreated, updatedDate: _lineUpdated, ...orderLinePreviewFields } = orderLineFields
const { id: _moveId, createdDate: _moveCreated, updatedDate: _moveUpdated, ...orderMovePreviewFields } = orderMoveFields
const {
  id: _orderId,
  createdDate: _orderCreated,
  updatedDate: _orderUpdated,
  metadata: _orderMetadata,
  platformData: _orderPlatformData,
  lines: _orderLines,
  moves: _orderMoves,
  ...orderPreviewBaseFields
} = orderFields
const orderPreviewFields = {
  ...orderPreviewBaseFields,
  lines: Schema.Array(resource(orderLinePreviewFields)),
  moves: Schema.Array(resource(orderMovePreviewFields))
}
/** Result of `POST /orders/preview`: an order not yet saved, so without ids or dates. */
export const OrderPreview: Resource<typeof orderPreviewFields, T.OrderPreview> = resource(orderPreviewFields)

// ---------------------------------------------------------------------------------------------
// Ratings
// ---------------------------------------------------------------------------------------------

const ratingFields = {
  id: RatingId,
  ...stamped,
  /** Integer from 0 to 100. */
  score: Schema.Number,
  comment: Schema.NullOr(Schema.String),
  authorId: Schema.NullOr(UserId),
  targetId: UserId,
  assetId: Schema.NullOr(AssetId),
  transactionId: Schema.NullOr(TransactionId),
  label: Schema.NullOr(Schema.String),
  ...customData,
  ...live
}
/** A rating (`rtg_`) a user gives another, optionally about an asset or a transaction. */
export const Rating: Resource<typeof ratingFields, T.Rating> = resource(ratingFields)

const ratingStatRow = <const Key extends string>(key: Key) =>
  resource({ ...statValuesFields, ...statRankingFields, ...({ [key]: Schema.NullOr(Schema.String) } as { [K in Key]: Schema.NullOr<Schema.String> }) })

/** A row of `GET /ratings/stats`: score stats, under the grouped field's own name (e.g. `targetId`). */
export const RatingStat: Schema.Codec<T.RatingStat> = Schema.Union([
  ratingStatRow("authorId"),
  ratingStatRow("targetId"),
  ratingStatRow("assetId"),
  ratingStatRow("transactionId")
])

// ---------------------------------------------------------------------------------------------
// Roles
// ---------------------------------------------------------------------------------------------

const roleFields = {
  id: RoleId,
  ...stamped,
  name: Schema.String,
  /** What users and keys refer to, e.g. `"provider"`; cannot change. */
  value: Schema.String,
  customRole: Schema.Boolean,
  parentId: Schema.NullOr(RoleId),
  permissions: Schema.Array(Schema.String),
  readNamespaces: Schema.Array(Schema.String),
  editNamespaces: Schema.Array(Schema.String),
  ...customData,
  ...live
}
/** A role (`role_`): a named set of permissions and namespaces, possibly inheriting a parent. */
export const Role: Resource<typeof roleFields, T.Role> = resource(roleFields)

// ---------------------------------------------------------------------------------------------
// Search and saved searches
// ---------------------------------------------------------------------------------------------

const searchResultFields = {
  ...assetFields,
  /** Present when `availabilityFilter.enabled` is `false`. */
  available: Schema.optionalKey(Schema.Boolean),
  /** Present when the search ran saved searches: those this asset matched. */
  savedSearchIds: Schema.optionalKey(Schema.Array(SavedSearchId))
}
/** An asset in search results. */
export const SearchResult: Resource<typeof searchResultFields, T.SearchResult> = resource(searchResultFields)

const idOrIds = Schema.Union([Schema.String, Schema.Array(Schema.String)])

const searchCriteriaFields = {
  query: Schema.optionalKey(Schema.String),
  categoryId: Schema.optionalKey(idOrIds),
  assetTypeId: Schema.optionalKey(idOrIds),
  location: Schema.optionalKey(GeoPoint),
  /** In metres. */
  maxDistance: Schema.optionalKey(Schema.Number),
  startDate: Schema.optionalKey(DateString),
  endDate: Schema.optionalKey(DateString),
  quantity: Schema.optionalKey(Schema.Number),
  without: Schema.optionalKey(idOrIds),
  similarTo: Schema.optionalKey(idOrIds),
  page: Schema.optionalKey(Schema.Number),
  nbResultsPerPage: Schema.optionalKey(Schema.Number),
  customAttributes: Schema.optionalKey(OpenRecord),
  filter: Schema.optionalKey(Schema.String),
  validated: Schema.optionalKey(Schema.Boolean),
  active: Schema.optionalKey(Schema.NullOr(Schema.Boolean)),
  sort: Schema.optionalKey(Schema.Union([OpenRecord, Schema.Array(OpenRecord)])),
  availabilityFilter: Schema.optionalKey(OpenRecord),
  createdBefore: Schema.optionalKey(Schema.NullOr(DateString)),
  createdAfter: Schema.optionalKey(Schema.NullOr(DateString))
}
/** The search criteria a saved search stores, as `POST /search` takes them. */
export const SearchCriteria: Resource<typeof searchCriteriaFields, T.SearchCriteria> = resource(searchCriteriaFields)

const savedSearchFields = {
  id: SavedSearchId,
  ...stamped,
  name: Schema.String,
  userId: Schema.NullOr(UserId),
  search: SearchCriteria,
  active: Schema.Boolean,
  ...customData,
  ...live
}
/** A saved search (`sch_`): search criteria stored for a user. */
export const SavedSearch: Resource<typeof savedSearchFields, T.SavedSearch> = resource(savedSearchFields)

// ---------------------------------------------------------------------------------------------
// Tasks
// ---------------------------------------------------------------------------------------------

const taskFields = {
  id: TaskId,
  ...stamped,
  executionDate: Schema.NullOr(DateString),
  /** Cron pattern. */
  recurringPattern: Schema.NullOr(Schema.String),
  recurringTimezone: Schema.NullOr(Schema.String),
  eventType: Schema.String,
  eventMetadata: OpenRecord,
  eventObjectId: Schema.NullOr(Schema.String),
  active: Schema.Boolean,
  ...customData,
  ...live
}
/** A task (`task_`): an event emitted at a date or on a cron schedule. */
export const Task: Resource<typeof taskFields, T.Task> = resource(taskFields)

// ---------------------------------------------------------------------------------------------
// Transactions
// ---------------------------------------------------------------------------------------------

const transactionStatusStepFields = {
  status: Schema.String,
  date: DateString
}
/** An entry of a transaction's status history. */
export const TransactionStatusStep: Resource<typeof transactionStatusStepFields, T.TransactionStatusStep> = resource(
  transactionStatusStepFields
)

const transactionFields = {
  id: TransactionId,
  ...stamped,
  assetId: Schema.NullOr(AssetId),
  /** The asset as it was when attached; empty until an asset is attached. */
  assetSnapshot: AssetSnapshot,
  assetTypeId: Schema.NullOr(AssetTypeId),
  /** The asset type as it was when attached; empty until an asset is attached. */
  assetType: OpenRecord,
  /** `draft`, `accepted`, ... or any status of a custom process. */
  status: Schema.String,
  /** Newest first. A transaction created without an asset starts with the bare string `"draft"`. */
  statusHistory: Schema.Array(Schema.Union([TransactionStatusStep, Schema.String])),
  ownerId: Schema.NullOr(UserId),
  takerId: UserId,
  quantity: Schema.Number,
  startDate: Schema.NullOr(DateString),
  endDate: Schema.NullOr(DateString),
  duration: Schema.NullOr(Duration),
  timeUnit: Schema.NullOr(TimeUnit),
  unitPrice: Schema.NullOr(Schema.Number),
  value: Schema.NullOr(Schema.Number),
  ownerAmount: Schema.NullOr(Schema.Number),
  takerAmount: Schema.NullOr(Schema.Number),
  platformAmount: Schema.NullOr(Schema.Number),
  currency: Schema.NullOr(Schema.String),
  completedDate: Schema.NullOr(DateString),
  cancelledDate: Schema.NullOr(DateString),
  cancellationReason: Schema.NullOr(Schema.String),
  ...customData,
  ...live
}
/** A transaction (`trn_`): a taker booking an owner's asset. */
export const Transaction: Resource<typeof transactionFields, T.Transaction> = resource(transactionFields)

const {
  id: _transactionId,
  createdDate: _transactionCreated,
  updatedDate: _transactionUpdated,
  takerId: _transactionTaker,
  completedDate: _transactionCompleted,
  cancelledDate: _transactionCancelled,
  cancellationReason: _transactionCancellation,
  metadata: _transactionMetadata,
  platformData: _transactionPlatformData,
  ...transactionPreviewBaseFields
} = transactionFields
const transactionPreviewFields = {
  ...transactionPreviewBaseFields,
  /** Echoed when sent. */
  metadata: Schema.optionalKey(OpenRecord),
  /** Echoed when sent. */
  platformData: Schema.optionalKey(OpenRecord)
}
/** Result of `POST /transactions/preview`: a transaction computed but not saved. */
export const TransactionPreview: Resource<typeof transactionPreviewFields, T.TransactionPreview> = resource(
  transactionPreviewFields
)

// ---------------------------------------------------------------------------------------------
// Users and organizations
// ---------------------------------------------------------------------------------------------

const userOrganizationRightsFields = {
  roles: Schema.optionalKey(Schema.Array(Schema.String))
}
/** A user's rights in one organization. */
export const UserOrganizationRights: Resource<typeof userOrganizationRightsFields, T.UserOrganizationRights> = resource(
  userOrganizationRightsFields
)

const userFields = {
  id: UserId,
  ...stamped,
  /** Left out unless the caller may read the `private` namespace. */
  username: Schema.optionalKey(Schema.NullOr(Schema.String)),
  displayName: Schema.NullOr(Schema.String),
  /** Left out unless the caller may read the `private` namespace. */
  firstname: Schema.optionalKey(Schema.NullOr(Schema.String)),
  /** Left out unless the caller may read the `private` namespace. */
  lastname: Schema.optionalKey(Schema.NullOr(Schema.String)),
  /** Left out unless the caller may read the `private` namespace. */
  email: Schema.optionalKey(Schema.NullOr(Schema.String)),
  description: Schema.NullOr(Schema.String),
  roles: Schema.Array(Schema.String),
  /** Keyed by organization id. */
  organizations: Schema.Record(Schema.String, UserOrganizationRights),
  /** Organizations only. */
  orgOwnerId: Schema.optionalKey(Schema.NullOr(UserId)),
  ...customData,
  ...live
}
/**
 * A user (`usr_`) or organization (`org_`). `username`, `firstname`, `lastname` and `email` are
 * left out unless the caller may read the `private` namespace.
 */
export const User: Resource<typeof userFields, T.User> = resource(userFields)

const organizationFields = {
  ...userFields,
  id: OrganizationId,
  /** The user who created the organization. */
  orgOwnerId: Schema.NullOr(UserId)
}
/** An organization (`org_`): a user that other users join, with an owner. */
export const Organization: Resource<typeof organizationFields, T.Organization> = resource(organizationFields)

const usernameAvailabilityFields = { available: Schema.Boolean }
/** Result of `GET /users/check-availability`. */
export const UsernameAvailability: Resource<typeof usernameAvailabilityFields, T.UsernameAvailability> = resource(
  usernameAvailabilityFields
)

// ---------------------------------------------------------------------------------------------
// Webhooks and workflows
// ---------------------------------------------------------------------------------------------

const webhookLogFields = {
  id: WebhookLogId,
  /** ISO 8601 date-time. */
  createdDate: DateString,
  webhookId: WebhookId,
  eventId: EventId,
  /** `success`, `error`, ... */
  status: Schema.String,
  metadata: OpenRecord,
  ...live
}
/** A webhook log (`whl_`): one delivery attempt (no `updatedDate`, no `platformData`). */
export const WebhookLog: Resource<typeof webhookLogFields, T.WebhookLog> = resource(webhookLogFields)

const { livemode: _webhookLogLivemode, ...storedWebhookLogFields } = webhookLogFields

const webhookFields = {
  id: WebhookId,
  ...stamped,
  name: Schema.String,
  targetUrl: Schema.optionalKey(Schema.NullOr(Schema.String)),
  event: Schema.optionalKey(Schema.NullOr(Schema.String)),
  apiVersion: Schema.String,
  active: Schema.Boolean,
  /** With the `logs` query parameter: the last 100 logs, as stored (without `livemode`). */
  logs: Schema.optionalKey(Schema.Array(resource(storedWebhookLogFields))),
  ...customData,
  ...live
}
/** A webhook (`whk_`): events of a type posted to a URL. */
export const Webhook: Resource<typeof webhookFields, T.Webhook> = resource(webhookFields)

/** An HTTP method a workflow step may call. */
export const WorkflowEndpointMethod: Schema.Codec<T.WorkflowEndpointMethod> = Schema.Literals(["GET", "PATCH", "POST", "DELETE"])

const workflowStepFields = {
  name: Schema.optionalKey(Schema.String),
  description: Schema.optionalKey(Schema.NullOr(Schema.String)),
  computed: Schema.optionalKey(OpenRecord),
  filter: Schema.optionalKey(Schema.NullOr(Schema.String)),
  stop: Schema.optionalKey(Schema.NullOr(Schema.String)),
  skip: Schema.optionalKey(Schema.NullOr(Schema.String)),
  handleErrors: Schema.optionalKey(Schema.Boolean),
  endpointMethod: WorkflowEndpointMethod,
  /** A Stelace path (`/assets`), a full URL, or a `${...}` template. */
  endpointUri: Schema.String,
  endpointPayload: Schema.optionalKey(OpenRecord),
  endpointHeaders: Schema.optionalKey(Schema.Record(Schema.String, Schema.String))
}
/** A workflow step; string fields other than names hold JavaScript expressions. */
export const WorkflowStep: Resource<typeof workflowStepFields, T.WorkflowStep> = resource(workflowStepFields)

const workflowLogStepFields = {
  name: Schema.optionalKey(Schema.NullOr(Schema.String)),
  error: Schema.optionalKey(Schema.Boolean),
  stopped: Schema.optionalKey(Schema.Boolean),
  skipped: Schema.optionalKey(Schema.Boolean),
  handleErrors: Schema.optionalKey(Schema.Boolean)
}
/** The step details of a workflow log. */
export const WorkflowLogStep: Resource<typeof workflowLogStepFields, T.WorkflowLogStep> = resource(workflowLogStepFields)

const workflowLogFields = {
  id: WorkflowLogId,
  /** ISO 8601 date-time. */
  createdDate: DateString,
  workflowId: WorkflowId,
  eventId: EventId,
  /** Filterable, but the server leaves it out of the exposed fields. */
  runId: Schema.optionalKey(Schema.String),
  type: Schema.String,
  statusCode: Schema.NullOr(Schema.Number),
  step: WorkflowLogStep,
  metadata: OpenRecord,
  ...live
}
/** A workflow log (`wfl_`): one step of a run (no `updatedDate`, no `platformData`). */
export const WorkflowLog: Resource<typeof workflowLogFields, T.WorkflowLog> = resource(workflowLogFields)

const { livemode: _workflowLogLivemode, ...storedWorkflowLogFields } = workflowLogFields

const workflowFields = {
  id: WorkflowId,
  ...stamped,
  name: Schema.String,
  description: Schema.optionalKey(Schema.NullOr(Schema.String)),
  /** Names of the private-config contexts whose variables the workflow uses. */
  context: Schema.NullOr(Schema.Array(Schema.String)),
  notifyUrl: Schema.optionalKey(Schema.NullOr(Schema.String)),
  event: Schema.optionalKey(Schema.NullOr(Schema.String)),
  run: Schema.NullOr(Schema.Array(WorkflowStep)),
  computed: Schema.NullOr(OpenRecord),
  active: Schema.Boolean,
  stats: OpenRecord,
  apiVersion: Schema.String,
  /** With the `logs` query parameter: recent logs, as stored. */
  logs: Schema.optionalKey(Schema.Array(resource(storedWorkflowLogFields))),
  ...customData,
  ...live
}
/** A workflow (`wfw_`): steps run, or a URL notified, when an event happens. */
export const Workflow: Resource<typeof workflowFields, T.Workflow> = resource(workflowFields)

// ---------------------------------------------------------------------------------------------
// Authentication, tokens, permissions
// ---------------------------------------------------------------------------------------------

const authTokensFields = {
  tokenType: Schema.Literal("Bearer"),
  /** A JWT valid for one hour. */
  accessToken: Schema.String,
  /** Valid 14 days by default, bound to the User-Agent that logged in; not rotated on refresh. */
  refreshToken: Schema.String,
  userId: UserId
}
/** Result of `POST /auth/login` and of the `authorizationCode` grant. */
export const AuthTokens: Resource<typeof authTokensFields, T.AuthTokens> = resource(authTokensFields)

const accessTokenResultFields = {
  tokenType: Schema.Literal("Bearer"),
  accessToken: Schema.String
}
/** Result of the `refreshToken` and `impersonateToken` grants: a new access token only. */
export const AccessTokenResult: Resource<typeof accessTokenResultFields, T.AccessTokenResult> = resource(accessTokenResultFields)

const parsedApiKeyFields = {
  type: Schema.String,
  env: Schema.String,
  platformId: Schema.String,
  zone: Schema.String,
  hasValidFormat: Schema.Boolean
}
/** An API key taken apart. */
export const ParsedApiKey: Resource<typeof parsedApiKeyFields, T.ParsedApiKey> = resource(parsedApiKeyFields)

/** The claims of a Stelace access token (any claim is kept). */
export const AccessTokenClaims: Schema.Codec<T.AccessTokenClaims> = resource({
  userId: Schema.optionalKey(Schema.String),
  sub: Schema.optionalKey(Schema.String),
  roles: Schema.optionalKey(Schema.Array(Schema.String)),
  loggedAt: Schema.optionalKey(Schema.NullOr(Schema.Number)),
  sourceUserId: Schema.optionalKey(Schema.String),
  orgRoles: Schema.optionalKey(Schema.NullOr(Schema.Array(Schema.String))),
  permissions: Schema.optionalKey(Schema.Array(Schema.String)),
  orgPermissions: Schema.optionalKey(Schema.Array(Schema.String)),
  scope: Schema.optionalKey(Schema.String),
  readNamespaces: Schema.optionalKey(Schema.Array(Schema.String)),
  editNamespaces: Schema.optionalKey(Schema.Array(Schema.String)),
  iat: Schema.optionalKey(Schema.Number),
  exp: Schema.optionalKey(Schema.Number)
}) as any

const authCheckResultFields = {
  valid: Schema.Boolean,
  apiKey: Schema.NullOr(ParsedApiKey),
  /** The decoded token, when one was given and is valid. */
  user: Schema.NullOr(AccessTokenClaims),
  tokenExpired: Schema.NullOr(Schema.Boolean)
}
/** Result of `POST /auth/check`. */
export const AuthCheckResult: Resource<typeof authCheckResultFields, T.AuthCheckResult> = resource(authCheckResultFields)

/** Result of `POST /permissions/check`: a boolean per asked permission, plus those the plan lacks. */
export const PermissionsCheckResult: Schema.Codec<T.PermissionsCheckResult> = Schema.StructWithRest(
  Schema.Struct({ missingPlanPermissions: Schema.Array(Schema.String) }),
  [Schema.Record(Schema.String, Schema.Union([Schema.Boolean, Schema.Array(Schema.String)]))]
)

/** The outcome of a token check. */
export const TokenCheckStatus: Schema.Codec<T.TokenCheckStatus> = Schema.Literals(["valid", "invalid", "expired", "alreadyChecked"])

const tokenCheckResultFields = {
  status: TokenCheckStatus,
  type: Schema.NullOr(Schema.String),
  userId: Schema.NullOr(UserId),
  expirationDate: Schema.NullOr(DateString),
  data: OpenRecord
}
/** Result of `GET /token/check/:token` without `redirect`. */
export const TokenCheckResult: Resource<typeof tokenCheckResultFields, T.TokenCheckResult> = resource(tokenCheckResultFields)

// ---------------------------------------------------------------------------------------------
// Batch, signal, emails
// ---------------------------------------------------------------------------------------------

const batchObjectErrorFields = {
  objectId: Schema.String,
  error: resource({
    message: Schema.optionalKey(Schema.String),
    statusCode: Schema.optionalKey(Schema.Number),
    data: Schema.optionalKey(Schema.Unknown)
  })
}
/** The error of one failed batch object: the error body its PATCH got. */
export const BatchObjectError: Resource<typeof batchObjectErrorFields, T.BatchObjectError> = resource(batchObjectErrorFields)

const batchResultFields = {
  /** In milliseconds. */
  processingTime: Schema.Number,
  success: Schema.Boolean,
  /** Ids of the objects updated. */
  completed: Schema.Array(Schema.String),
  errors: Schema.Array(BatchObjectError)
}
/** Result of `POST /batch`; the HTTP status is that of the first failed object, or 200. */
export const BatchResult: Resource<typeof batchResultFields, T.BatchResult> = resource(batchResultFields)

const signalResultFields = {
  message: Schema.optionalKey(Schema.Unknown),
  destination: Schema.optionalKey(Schema.String),
  event: Schema.String,
  env: Schema.String
}
/** Result of `POST /signal`. */
export const SignalResult: Resource<typeof signalResultFields, T.SignalResult> = resource(signalResultFields)

/**
 * Result of `POST /emails/send` and `/emails/send-template`. Only `success` is promised; test
 * servers and `DEBUG_EMAILS` add `emailContext` and `nodemailerInfo`, whose shape is unspecified.
 */
export const EmailSendResult: Schema.Codec<T.EmailSendResult> = resource({
  success: Schema.Literal(true),
  emailContext: Schema.optionalKey(Schema.Unknown),
  nodemailerInfo: Schema.optionalKey(Schema.Unknown)
}) as any
