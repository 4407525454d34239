/**
 * Every route of the Stelace API the SDK calls, declared once, with its doc comment, and every
 * kind of id, declared once on its family. Everything else follows from this table: `npm run
 * generate` (scripts/generate.mjs) writes the Effect resource modules (`src/resources/<Family>.ts`,
 * with these doc comments), their exports in `src/index.ts`, the Promise facade's families
 * (`src/facade/resources.ts`), the schema of each route's result for decoding
 * (`src/internal/routes/resultSchemas.ts`), and for each `@id` its branded type (`src/Types.ts`),
 * its schema (`src/internal/routes/resourceSchemas.ts`) and the collection it is taken after
 * (`IdsByCollection`, `src/internal/routes/model.ts`). The facade's methods show these doc
 * comments through their types, and React's bindings tell reads (a `GET` answering one object)
 * from the route's type. Adding a route is adding an entry here and regenerating; a test fails
 * while the generated files are stale.
 *
 * The generator parses this file as TypeScript and reads: one `export const <family> = { ... }`
 * per resource family, with a doc comment (its Effect module is the family name capitalized:
 * `assets` is `Assets`, unless `@module <Name>` names it), and one property per route, with its
 * doc comment: a route helper (`get`, `list`, `post`, `patch`, `put`, `del`) marked
 * `/*#__PURE__*\/`, called with the path literal, `as<Out, In, Paging>` and optional extras. Tags
 * the generator reads: `@id <Name> [/<collection>] [= <Target>] <description>` on a family (a kind
 * of id, taken after the family's collection, `/assets/:id`, unless `/<collection>` names another;
 * `= <Target>` makes it another name of that id), `@facade <name>` on a family (its property on a
 * facade instance, when not the family name), `@alias <name>` on a route (also that method on the
 * facade), `@reexport <name> from "<module>"` on a family (a function of the Effect module that is
 * not a route). Anything else is an error naming the route.
 *
 * One constant per resource family, so a bundle keeps only the families it uses: every route call
 * is marked pure (bundlers do not follow the helpers' own annotations across files), and types
 * are given as an instantiation expression (`as<Out, In>`), which costs no call at run time.
 */
import type * as T from "../../Types.js"
import { as, del, get, list, patch, post, put } from "./model.js"

const forceSave = (input: Record<string, unknown>) => ({ ...input, save: true })
const noSave = (input: Record<string, unknown>) => (input.save ? { ...input, save: false } : input)

/**
 * API keys of the platform (`/api-keys`).
 *
 * @id ApiKeyId an API key (`apik_...`)
 * @since 0.1.0
 */
export const apiKeys = {
  /** Lists API keys (`GET /api-keys`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/api-keys", as<T.ApiKey, T.ApiKeyListParams>),
  /** Reads one API key (`GET /api-keys/:id`). */
  read: /*#__PURE__*/ get("/api-keys/:id", as<T.ApiKey>),
  /** Creates an API key (`POST /api-keys`). */
  create: /*#__PURE__*/ post("/api-keys", as<T.ApiKey, T.ApiKeyCreateParams>),
  /** Updates an API key (`PATCH /api-keys/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/api-keys/:id", as<T.ApiKey, T.ApiKeyUpdateParams>),
  /** Removes an API key (`DELETE /api-keys/:id`); answers `{ id }`. */
  remove: /*#__PURE__*/ del("/api-keys/:id", as<T.Deleted>)
}

/**
 * Assessments: check-in and check-out statements signed by the parties of a transaction (`/assessments`; absent from stelace.js).
 *
 * @id AssessmentId an assessment (`assm_...`)
 * @since 0.1.0
 */
export const assessments = {
  /** Lists assessments (`GET /assessments`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/assessments", as<T.Assessment, T.AssessmentListParams>),
  /** Reads one assessment (`GET /assessments/:id`). */
  read: /*#__PURE__*/ get("/assessments/:id", as<T.Assessment>),
  /** Creates an assessment (`POST /assessments`). */
  create: /*#__PURE__*/ post("/assessments", as<T.Assessment, T.AssessmentCreateParams>),
  /** Updates an assessment (`PATCH /assessments/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/assessments/:id", as<T.Assessment, T.AssessmentUpdateParams>),
  /** Signs an assessment (`POST /assessments/:id/signatures`). */
  sign: /*#__PURE__*/ post("/assessments/:id/signatures", as<T.Assessment, T.AssessmentSignParams>, { bodyRequired: true }),
  /** Removes an assessment (`DELETE /assessments/:id`); answers `{ id }`. */
  remove: /*#__PURE__*/ del("/assessments/:id", as<T.Deleted>)
}

/**
 * Assets: what the marketplace lists (`/assets`).
 *
 * @id AssetId an asset (`ast_...`)
 * @since 0.1.0
 */
export const assets = {
  /** Lists assets (`GET /assets`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/assets", as<T.Asset, T.AssetListParams>),
  /** Reads one asset (`GET /assets/:id`). */
  read: /*#__PURE__*/ get("/assets/:id", as<T.Asset>),
  /** Creates an asset (`POST /assets`). */
  create: /*#__PURE__*/ post("/assets", as<T.Asset, T.AssetCreateParams>),
  /** Updates an asset (`PATCH /assets/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/assets/:id", as<T.Asset, T.AssetUpdateParams>),
  /** Removes an asset (`DELETE /assets/:id`); answers `{ id }`. */
  remove: /*#__PURE__*/ del("/assets/:id", as<T.Deleted>)
}

/**
 * Asset types: booking rules (time-based or not, pricing, transaction process) shared by assets (`/asset-types`).
 *
 * @id AssetTypeId an asset type (`typ_...`)
 * @since 0.1.0
 */
export const assetTypes = {
  /** Lists asset types (`GET /asset-types`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/asset-types", as<T.AssetType, T.AssetTypeListParams, "version-or-array">),
  /** Reads one asset type (`GET /asset-types/:id`). */
  read: /*#__PURE__*/ get("/asset-types/:id", as<T.AssetType>),
  /** Creates an asset type (`POST /asset-types`). */
  create: /*#__PURE__*/ post("/asset-types", as<T.AssetType, T.AssetTypeCreateParams>),
  /** Updates an asset type (`PATCH /asset-types/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/asset-types/:id", as<T.AssetType, T.AssetTypeUpdateParams>),
  /** Removes an asset type (`DELETE /asset-types/:id`); answers `{ id }`. */
  remove: /*#__PURE__*/ del("/asset-types/:id", as<T.Deleted>)
}

/**
 * Authentication: login, logout, tokens and checks (`/auth`).
 *
 * @since 0.1.0
 * @reexport info from "../internal/session/authInfo.js"
 */
export const auth = {
  /** Logs a user in (`POST /auth/login`) and stores the returned tokens as the session. */
  login: /*#__PURE__*/ post("/auth/login", as<T.AuthTokens, T.LoginParams>, { session: "store" }),
  /** Logs out (`POST /auth/logout`, sending the stored refresh token) and removes the session. */
  logout: /*#__PURE__*/ post("/auth/logout", as<T.Success, T.LogoutParams>, { session: "logout" }),
  /** Asks for tokens (`POST /auth/token`: refresh, impersonation or SSO authorization code) and stores the result as the session. */
  getTokens: /*#__PURE__*/ post("/auth/token", as<T.AuthTokens | T.AccessTokenResult, T.TokenParams>, { session: "store" }),
  /** Checks an API key or an authorization header (`POST /auth/check`). */
  check: /*#__PURE__*/ post("/auth/check", as<T.AuthCheckResult, T.AuthCheckParams>)
}

/**
 * Availabilities of assets over time, and the availability graph (`/availabilities`).
 *
 * @id AvailabilityId an availability (`avl_...`)
 * @since 0.1.0
 */
export const availabilities = {
  /** Lists availabilities (`GET /availabilities`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/availabilities", as<T.Availability, T.AvailabilityListParams>),
  /** Creates an availability (`POST /availabilities`). */
  create: /*#__PURE__*/ post("/availabilities", as<T.Availability, T.AvailabilityCreateParams>),
  /** Updates an availability (`PATCH /availabilities/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/availabilities/:id", as<T.Availability, T.AvailabilityUpdateParams>),
  /** Removes an availability (`DELETE /availabilities/:id`); answers `{ id }`. */
  remove: /*#__PURE__*/ del("/availabilities/:id", as<T.Deleted>),
  /** The availability graph of an asset (`GET /availabilities/graph`). */
  getGraph: /*#__PURE__*/ get("/availabilities/graph", as<T.AvailabilityGraph, T.AvailabilityGraphParams>)
}

/**
 * Batch updates of assets or users in one request (`POST /batch`; absent from stelace.js).
 *
 * @since 0.1.0
 */
export const batch = {
  /** Runs a batch of updates (`POST /batch`). */
  run: /*#__PURE__*/ post("/batch", as<T.BatchResult, T.BatchParams>)
}

/**
 * Categories of assets (`/categories`).
 *
 * @id CategoryId a category (`ctgy_...`)
 * @since 0.1.0
 */
export const categories = {
  /** Lists categories (`GET /categories`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/categories", as<T.Category, T.CategoryListParams, "version-or-array">),
  /** Reads one category (`GET /categories/:id`). */
  read: /*#__PURE__*/ get("/categories/:id", as<T.Category>),
  /** Creates a category (`POST /categories`). */
  create: /*#__PURE__*/ post("/categories", as<T.Category, T.CategoryCreateParams>),
  /** Updates a category (`PATCH /categories/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/categories/:id", as<T.Category, T.CategoryUpdateParams>),
  /** Removes a category (`DELETE /categories/:id`); answers `{ id }`. */
  remove: /*#__PURE__*/ del("/categories/:id", as<T.Deleted>)
}

/**
 * The platform's configuration, public and private (`/config`).
 *
 * @module Configuration
 * @since 0.1.0
 */
export const config = {
  /** Reads the public configuration (`GET /config`). */
  read: /*#__PURE__*/ get("/config", as<T.PlatformConfig>),
  /** Updates the public configuration (`PATCH /config`, deep-merged). */
  update: /*#__PURE__*/ patch("/config", as<T.PlatformConfig, T.ConfigUpdateParams>),
  /** Reads the private configuration (`GET /config/private`). */
  readPrivate: /*#__PURE__*/ get("/config/private", as<T.PrivateConfig>),
  /** Updates the private configuration (`PATCH /config/private`). */
  updatePrivate: /*#__PURE__*/ patch("/config/private", as<T.PrivateConfig, T.PrivateConfigUpdateParams>)
}

/**
 * Custom attributes: typed fields assets can carry and searches filter on (`/custom-attributes`).
 *
 * @id CustomAttributeId a custom attribute (`attr_...`)
 * @since 0.1.0
 */
export const customAttributes = {
  /** Lists custom attributes (`GET /custom-attributes`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/custom-attributes", as<T.CustomAttribute, T.CustomAttributeListParams>),
  /** Reads one custom attribute (`GET /custom-attributes/:id`). */
  read: /*#__PURE__*/ get("/custom-attributes/:id", as<T.CustomAttribute>),
  /** Creates a custom attribute (`POST /custom-attributes`). */
  create: /*#__PURE__*/ post("/custom-attributes", as<T.CustomAttribute, T.CustomAttributeCreateParams>),
  /** Updates a custom attribute (`PATCH /custom-attributes/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/custom-attributes/:id", as<T.CustomAttribute, T.CustomAttributeUpdateParams>),
  /** Removes a custom attribute (`DELETE /custom-attributes/:id`); answers `{ id }`. */
  remove: /*#__PURE__*/ del("/custom-attributes/:id", as<T.Deleted>)
}

/**
 * Documents: free-form typed records, with stats (`/documents`).
 *
 * @id DocumentId a document (`doc_...`)
 * @since 0.1.0
 */
export const documents = {
  /** Lists documents (`GET /documents`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/documents", as<T.Document, T.DocumentListParams>),
  /** Reads one document (`GET /documents/:id`). */
  read: /*#__PURE__*/ get("/documents/:id", as<T.Document>),
  /** Creates a document (`POST /documents`). */
  create: /*#__PURE__*/ post("/documents", as<T.Document, T.DocumentCreateParams>),
  /** Updates a document (`PATCH /documents/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/documents/:id", as<T.Document, T.DocumentUpdateParams>),
  /** Removes a document (`DELETE /documents/:id`); answers `{ id }`. */
  remove: /*#__PURE__*/ del("/documents/:id", as<T.Deleted>),
  /** Document stats grouped by a field (`GET /documents/stats`): one page. */
  getStats: /*#__PURE__*/ list("/documents/stats", as<T.DocumentStat, T.DocumentStatsParams>)
}

/**
 * Emails sent through the platform's email plugin (`/emails`; absent from stelace.js).
 *
 * @since 0.1.0
 */
export const emails = {
  /** Sends an email (`POST /emails/send`). */
  send: /*#__PURE__*/ post("/emails/send", as<T.EmailSendResult, T.EmailSendParams>),
  /** Sends an email from a template (`POST /emails/send-template`). */
  sendTemplate: /*#__PURE__*/ post("/emails/send-template", as<T.EmailSendResult, T.EmailSendTemplateParams>)
}

/**
 * Entries: localized content collections (`/entries`).
 *
 * @id EntryId a content entry (`ent_...`)
 * @since 0.1.0
 */
export const entries = {
  /** Lists entries (`GET /entries`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/entries", as<T.Entry, T.EntryListParams>),
  /** Reads one entry (`GET /entries/:id`). */
  read: /*#__PURE__*/ get("/entries/:id", as<T.Entry>),
  /** Creates an entry (`POST /entries`). */
  create: /*#__PURE__*/ post("/entries", as<T.Entry, T.EntryCreateParams>),
  /** Updates an entry (`PATCH /entries/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/entries/:id", as<T.Entry, T.EntryUpdateParams>),
  /** Removes an entry (`DELETE /entries/:id`); answers `{ id }`. */
  remove: /*#__PURE__*/ del("/entries/:id", as<T.Deleted>)
}

/**
 * Events: what happened on the platform, with stats and history (`/events`).
 *
 * @id EventId an event (`evt_...`)
 * @since 0.1.0
 */
export const events = {
  /** Lists events (`GET /events`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/events", as<T.Event, T.EventListParams>),
  /** Reads one event (`GET /events/:id`). */
  read: /*#__PURE__*/ get("/events/:id", as<T.Event>),
  /** Creates an event (`POST /events`). */
  create: /*#__PURE__*/ post("/events", as<T.Event, T.EventCreateParams>),
  /** Event stats (`GET /events/stats`, deprecated by the server, always page-based): one page. */
  getStats: /*#__PURE__*/ list("/events/stats", as<T.EventStat, T.EventStatsParams, "page">),
  /** Event counts per hour, day or month (`GET /events/history`, cursor-based): one page. */
  getHistory: /*#__PURE__*/ list("/events/history", as<T.HistoryBucket, T.EventHistoryParams, "cursor">)
}

/**
 * Messages between users (`/messages`).
 *
 * @id MessageId a message (`msg_...`)
 * @since 0.1.0
 */
export const messages = {
  /** Lists messages (`GET /messages`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/messages", as<T.Message, T.MessageListParams>),
  /** Reads one message (`GET /messages/:id`). */
  read: /*#__PURE__*/ get("/messages/:id", as<T.Message>),
  /** Creates a message (`POST /messages`). */
  create: /*#__PURE__*/ post("/messages", as<T.Message, T.MessageCreateParams>),
  /** Updates a message (`PATCH /messages/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/messages/:id", as<T.Message, T.MessageUpdateParams>),
  /** Removes a message (`DELETE /messages/:id`); answers `{ id }`. */
  remove: /*#__PURE__*/ del("/messages/:id", as<T.Deleted>)
}

/**
 * Order lines: what a payer owes a receiver (`/order-lines`).
 *
 * @id OrderLineId an order line (`ordl_...`)
 * @since 0.1.0
 */
export const orderLines = {
  /** Reads one order line (`GET /order-lines/:id`). */
  read: /*#__PURE__*/ get("/order-lines/:id", as<T.OrderLine>),
  /** Creates an order line (`POST /order-lines`). */
  create: /*#__PURE__*/ post("/order-lines", as<T.OrderLine, T.OrderLineCreateParams>),
  /** Updates an order line (`PATCH /order-lines/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/order-lines/:id", as<T.OrderLine, T.OrderLineUpdateParams>)
}

/**
 * Order moves: money actually moved for an order (`/order-moves`).
 *
 * @id OrderMoveId an order move (`ordm_...`)
 * @since 0.1.0
 */
export const orderMoves = {
  /** Reads one order move (`GET /order-moves/:id`). */
  read: /*#__PURE__*/ get("/order-moves/:id", as<T.OrderMove>),
  /** Creates an order move (`POST /order-moves`). */
  create: /*#__PURE__*/ post("/order-moves", as<T.OrderMove, T.OrderMoveCreateParams>),
  /** Updates an order move (`PATCH /order-moves/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/order-moves/:id", as<T.OrderMove, T.OrderMoveUpdateParams>)
}

/**
 * Orders: what users pay for transactions (`/orders`).
 *
 * @id OrderId an order (`ord_...`)
 * @since 0.1.0
 */
export const orders = {
  /** Lists orders (`GET /orders`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/orders", as<T.Order, T.OrderListParams>),
  /** Reads one order (`GET /orders/:id`). */
  read: /*#__PURE__*/ get("/orders/:id", as<T.Order>),
  /** Creates an order (`POST /orders`). */
  create: /*#__PURE__*/ post("/orders", as<T.Order, T.OrderCreateParams>),
  /** Updates an order (`PATCH /orders/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/orders/:id", as<T.Order, T.OrderUpdateParams>),
  /** Previews an order without creating it (`POST /orders/preview`). */
  preview: /*#__PURE__*/ post("/orders/preview", as<T.OrderPreview, T.OrderPreviewParams>)
}

/**
 * Password change and reset (`/password`).
 *
 * @since 0.1.0
 */
export const password = {
  /** Changes the current user's password (`POST /password/change`). */
  change: /*#__PURE__*/ post("/password/change", as<T.Success, T.PasswordChangeParams>),
  /** Starts a password reset (`POST /password/reset/request`). */
  resetRequest: /*#__PURE__*/ post("/password/reset/request", as<T.Success, T.PasswordResetRequestParams>),
  /** Sets a new password with a reset token (`POST /password/reset/confirm`). */
  resetConfirm: /*#__PURE__*/ post("/password/reset/confirm", as<T.Success, T.PasswordResetConfirmParams>)
}

/**
 * Permission checks for the current caller (`/permissions/check`).
 *
 * @since 0.1.0
 */
export const permissions = {
  /** Which of the given permissions the caller has (`POST /permissions/check`). */
  check: /*#__PURE__*/ post("/permissions/check", as<T.PermissionsCheckResult, T.PermissionsCheckParams>)
}

/**
 * Calls relayed to payment providers (`/providers`; needs the stelace-stripe plugin).
 *
 * @since 0.1.0
 */
export const providers = {
  /** Relays a request to Stripe (`POST /providers/stripe/request`). */
  stripeRequest: /*#__PURE__*/ post("/providers/stripe/request", as<unknown, Readonly<Record<string, unknown>>>)
}

/**
 * Ratings users give each other, with stats (`/ratings`).
 *
 * @id RatingId a rating (`rtg_...`)
 * @since 0.1.0
 */
export const ratings = {
  /** Lists ratings (`GET /ratings`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/ratings", as<T.Rating, T.RatingListParams>),
  /** Reads one rating (`GET /ratings/:id`). */
  read: /*#__PURE__*/ get("/ratings/:id", as<T.Rating>),
  /** Creates a rating (`POST /ratings`). */
  create: /*#__PURE__*/ post("/ratings", as<T.Rating, T.RatingCreateParams>),
  /** Updates a rating (`PATCH /ratings/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/ratings/:id", as<T.Rating, T.RatingUpdateParams>),
  /** Removes a rating (`DELETE /ratings/:id`); answers `{ id }`. */
  remove: /*#__PURE__*/ del("/ratings/:id", as<T.Deleted>),
  /** Rating stats grouped by author, target, asset or transaction (`GET /ratings/stats`): one page. */
  getStats: /*#__PURE__*/ list("/ratings/stats", as<T.RatingStat, T.RatingStatsParams>)
}

/**
 * Roles and their permissions (`/roles`).
 *
 * @id RoleId a role (`role_...`)
 * @since 0.1.0
 */
export const roles = {
  /** Lists roles (`GET /roles`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/roles", as<T.Role, T.RoleListParams, "version-or-array">),
  /** Reads one role (`GET /roles/:id`). */
  read: /*#__PURE__*/ get("/roles/:id", as<T.Role>),
  /** Creates a role (`POST /roles`). */
  create: /*#__PURE__*/ post("/roles", as<T.Role, T.RoleCreateParams>),
  /** Updates a role (`PATCH /roles/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/roles/:id", as<T.Role, T.RoleUpdateParams>),
  /** Removes a role (`DELETE /roles/:id`); answers `{ id }`. */
  remove: /*#__PURE__*/ del("/roles/:id", as<T.Deleted>)
}

/**
 * Saved searches (`/search` with `save: true`, and `GET/PATCH/DELETE /search/:id`).
 *
 * @id SavedSearchId a saved search (`sch_...`)
 * @since 0.1.0
 * @facade savedSearch
 */
export const savedSearches = {
  /** Lists saved searches (`GET /search`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/search", as<T.SavedSearch, T.SavedSearchListParams>),
  /** Reads one saved search (`GET /search/:id`). */
  read: /*#__PURE__*/ get("/search/:id", as<T.SavedSearch>),
  /** Saves a search (`POST /search`, `save: true` forced). */
  create: /*#__PURE__*/ post("/search", as<T.SavedSearch, T.SavedSearchCreateParams>, { prepare: forceSave }),
  /** Updates a saved search (`PATCH /search/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/search/:id", as<T.SavedSearch, T.SavedSearchUpdateParams>),
  /** Removes a saved search (`DELETE /search/:id`); answers `{ id }`. */
  remove: /*#__PURE__*/ del("/search/:id", as<T.Deleted>)
}

/**
 * Asset search (`POST /search`).
 *
 * @since 0.1.0
 */
export const search = {
  /**
   * Searches assets (`POST /search`, `save: false` forced): one page of results, page-based in
   * every API version (`exhaustiveNbResults` tells whether `nbResults` is exact).
   *
   * @alias list
   */
  results: /*#__PURE__*/ post("/search", as<T.SearchResult, T.SearchParams, "search">, { kind: "list", prepare: noSave, pageIn: "body" })
}

/**
 * Signals: real-time messages relayed to connected clients (`POST /signal`; absent from stelace.js).
 *
 * @since 0.1.0
 */
export const signal = {
  /** Sends a signal to a channel or to everyone (`POST /signal`). */
  send: /*#__PURE__*/ post("/signal", as<T.SignalResult, T.SignalParams>)
}

/**
 * Tasks: scheduled or recurring events (`/tasks`).
 *
 * @id TaskId a task (`task_...`)
 * @since 0.1.0
 */
export const tasks = {
  /** Lists tasks (`GET /tasks`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/tasks", as<T.Task, T.TaskListParams>),
  /** Reads one task (`GET /tasks/:id`). */
  read: /*#__PURE__*/ get("/tasks/:id", as<T.Task>),
  /** Creates a task (`POST /tasks`). */
  create: /*#__PURE__*/ post("/tasks", as<T.Task, T.TaskCreateParams>),
  /** Updates a task (`PATCH /tasks/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/tasks/:id", as<T.Task, T.TaskUpdateParams>),
  /** Removes a task (`DELETE /tasks/:id`); answers `{ id }`. */
  remove: /*#__PURE__*/ del("/tasks/:id", as<T.Deleted>)
}

/**
 * Token checks: one-time links such as email confirmation (`/token/check`).
 *
 * @since 0.1.0
 */
export const tokens = {
  /** Creates a check token, e.g. for email confirmation (`POST /token/check/request`). */
  checkRequest: /*#__PURE__*/ post("/token/check/request", as<T.Success, T.TokenCheckRequestParams>),
  /** Confirms a check token (`GET /token/check/:token`). */
  checkConfirm: /*#__PURE__*/ get("/token/check/:token", as<T.TokenCheckResult, T.TokenCheckConfirmParams>)
}

/**
 * Transactions: bookings of assets, moved through their process by transitions (`/transactions`).
 *
 * @id TransactionId a transaction (`trn_...`)
 * @since 0.1.0
 */
export const transactions = {
  /** Lists transactions (`GET /transactions`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/transactions", as<T.Transaction, T.TransactionListParams>),
  /** Reads one transaction (`GET /transactions/:id`). */
  read: /*#__PURE__*/ get("/transactions/:id", as<T.Transaction>),
  /** Creates a transaction (`POST /transactions`). */
  create: /*#__PURE__*/ post("/transactions", as<T.Transaction, T.TransactionCreateParams>),
  /** Updates a transaction (`PATCH /transactions/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/transactions/:id", as<T.Transaction, T.TransactionUpdateParams>),
  /** Moves a transaction through its process (`POST /transactions/:id/transitions`). */
  createTransition: /*#__PURE__*/ post("/transactions/:id/transitions", as<T.Transaction, T.TransactionTransitionParams>),
  /** Previews a transaction's amounts without creating it (`POST /transactions/preview`). */
  preview: /*#__PURE__*/ post("/transactions/preview", as<T.TransactionPreview, T.TransactionPreviewParams>)
}

/**
 * Users and organizations (`/users`).
 *
 * @id UserId a user (`usr_...`) or an organization (`org_...`): organizations are users
 * @id OrganizationId /organizations = UserId an organization (`org_...`): a `UserId`, since organizations are users
 * @since 0.1.0
 */
export const users = {
  /** Lists users (`GET /users`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/users", as<T.User, T.UserListParams>),
  /** Reads one user (`GET /users/:id`). */
  read: /*#__PURE__*/ get("/users/:id", as<T.User>),
  /** Creates a user (`POST /users`). */
  create: /*#__PURE__*/ post("/users", as<T.User, T.UserCreateParams>),
  /** Updates a user (`PATCH /users/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/users/:id", as<T.User, T.UserUpdateParams>),
  /** Removes a user (`DELETE /users/:id`); answers `{ id }`. */
  remove: /*#__PURE__*/ del("/users/:id", as<T.Deleted>),
  /** Whether a username is free (`GET /users/check-availability`). */
  checkAvailability: /*#__PURE__*/ get("/users/check-availability", as<T.UsernameAvailability, T.UsersCheckAvailabilityParams>),
  /** Adds a user to an organization or changes their roles there (`PUT /users/:id/organizations/:organizationId`). */
  joinOrganizationOrUpdateRights: /*#__PURE__*/ put("/users/:id/organizations/:organizationId", as<T.User, T.UserOrganizationRightsParams>),
  /**
   * Deprecated name of `joinOrganizationOrUpdateRights`, kept from stelace.js.
   *
   * @deprecated Use `joinOrganizationOrUpdateRights`.
   */
  updateOrganization: /*#__PURE__*/ put("/users/:id/organizations/:organizationId", as<T.User, T.UserOrganizationRightsParams>),
  /** Removes a user from an organization (`DELETE /users/:id/organizations/:organizationId`). */
  removeFromOrganization: /*#__PURE__*/ del("/users/:id/organizations/:organizationId", as<T.User>)
}

/**
 * Webhooks: event notifications sent to your URLs (`/webhooks`).
 *
 * @id WebhookId a webhook (`whk_...`)
 * @since 0.1.0
 */
export const webhooks = {
  /** Lists webhooks (`GET /webhooks`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/webhooks", as<T.Webhook, T.WebhookListParams, "version-or-array">),
  /** Reads one webhook (`GET /webhooks/:id`). */
  read: /*#__PURE__*/ get("/webhooks/:id", as<T.Webhook, T.WebhookReadParams>),
  /** Creates a webhook (`POST /webhooks`). */
  create: /*#__PURE__*/ post("/webhooks", as<T.Webhook, T.WebhookCreateParams>),
  /** Updates a webhook (`PATCH /webhooks/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/webhooks/:id", as<T.Webhook, T.WebhookUpdateParams>),
  /** Removes a webhook (`DELETE /webhooks/:id`); answers `{ id }`. */
  remove: /*#__PURE__*/ del("/webhooks/:id", as<T.Deleted>)
}

/**
 * Logs of webhook deliveries (`/webhook-logs`; absent from stelace.js).
 *
 * @id WebhookLogId a webhook log (`whl_...`)
 * @since 0.1.0
 */
export const webhookLogs = {
  /** Lists webhook logs (`GET /webhook-logs`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/webhook-logs", as<T.WebhookLog, T.WebhookLogListParams, "cursor">),
  /** Reads one webhook log (`GET /webhook-logs/:id`). */
  read: /*#__PURE__*/ get("/webhook-logs/:id", as<T.WebhookLog>)
}

/**
 * Workflows: server-side automations triggered by events (`/workflows`).
 *
 * @id WorkflowId a workflow (`wfw_...`)
 * @since 0.1.0
 */
export const workflows = {
  /** Lists workflows (`GET /workflows`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/workflows", as<T.Workflow, T.WorkflowListParams, "version-or-array">),
  /** Reads one workflow (`GET /workflows/:id`). */
  read: /*#__PURE__*/ get("/workflows/:id", as<T.Workflow, T.WorkflowReadParams>),
  /** Creates a workflow (`POST /workflows`). */
  create: /*#__PURE__*/ post("/workflows", as<T.Workflow, T.WorkflowCreateParams>),
  /** Updates a workflow (`PATCH /workflows/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/workflows/:id", as<T.Workflow, T.WorkflowUpdateParams>),
  /** Removes a workflow (`DELETE /workflows/:id`); answers `{ id }`. */
  remove: /*#__PURE__*/ del("/workflows/:id", as<T.Deleted>)
}

/**
 * Logs of workflow runs, with history (`/workflow-logs`; absent from stelace.js).
 *
 * @id WorkflowLogId a workflow log (`wfl_...`)
 * @since 0.1.0
 */
export const workflowLogs = {
  /** Lists workflow logs (`GET /workflow-logs`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/workflow-logs", as<T.WorkflowLog, T.WorkflowLogListParams, "cursor">),
  /** Reads one workflow log (`GET /workflow-logs/:id`). */
  read: /*#__PURE__*/ get("/workflow-logs/:id", as<T.WorkflowLog>),
  /** Workflow log counts per hour, day or month (`GET /workflow-logs/history`, cursor-based): one page. */
  getHistory: /*#__PURE__*/ list("/workflow-logs/history", as<T.HistoryBucket, T.WorkflowLogHistoryParams, "cursor">)
}
