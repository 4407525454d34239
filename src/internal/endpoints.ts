/**
 * Every route of the Stelace API the SDK calls, one line each. The Effect functions of the
 * resource modules and the methods of the Promise facade are derived from this table; adding a
 * route is adding a line here (and naming it in its resource module).
 *
 * One constant per resource family, so a bundle keeps only the families it uses: every route call
 * is marked pure (bundlers do not follow the helpers' own annotations across files), and types
 * are given as an instantiation expression (`as<Out, In>`), which costs no call at run time.
 *
 * @internal
 */
import type * as T from "../Types.js"
import { as, del, get, list, patch, post, put } from "./endpoint.js"

const forceSave = (input: Record<string, unknown>) => ({ ...input, save: true })
const noSave = (input: Record<string, unknown>) => (input.save ? { ...input, save: false } : input)

export const apiKeys = {
  list: /*#__PURE__*/ list("/api-keys", as<T.ApiKey, T.ApiKeyListParams>),
  read: /*#__PURE__*/ get("/api-keys/:id", as<T.ApiKey>),
  create: /*#__PURE__*/ post("/api-keys", as<T.ApiKey, T.ApiKeyCreateParams>),
  update: /*#__PURE__*/ patch("/api-keys/:id", as<T.ApiKey, T.ApiKeyUpdateParams>),
  remove: /*#__PURE__*/ del("/api-keys/:id", as<T.Deleted>)
}

export const assessments = {
  list: /*#__PURE__*/ list("/assessments", as<T.Assessment, T.AssessmentListParams>),
  read: /*#__PURE__*/ get("/assessments/:id", as<T.Assessment>),
  create: /*#__PURE__*/ post("/assessments", as<T.Assessment, T.AssessmentCreateParams>),
  update: /*#__PURE__*/ patch("/assessments/:id", as<T.Assessment, T.AssessmentUpdateParams>),
  sign: /*#__PURE__*/ post("/assessments/:id/signatures", as<T.Assessment, T.AssessmentSignParams>),
  remove: /*#__PURE__*/ del("/assessments/:id", as<T.Deleted>)
}

export const assets = {
  list: /*#__PURE__*/ list("/assets", as<T.Asset, T.AssetListParams>),
  read: /*#__PURE__*/ get("/assets/:id", as<T.Asset>),
  create: /*#__PURE__*/ post("/assets", as<T.Asset, T.AssetCreateParams>),
  update: /*#__PURE__*/ patch("/assets/:id", as<T.Asset, T.AssetUpdateParams>),
  remove: /*#__PURE__*/ del("/assets/:id", as<T.Deleted>)
}

export const assetTypes = {
  list: /*#__PURE__*/ list("/asset-types", as<T.AssetType, T.AssetTypeListParams>),
  read: /*#__PURE__*/ get("/asset-types/:id", as<T.AssetType>),
  create: /*#__PURE__*/ post("/asset-types", as<T.AssetType, T.AssetTypeCreateParams>),
  update: /*#__PURE__*/ patch("/asset-types/:id", as<T.AssetType, T.AssetTypeUpdateParams>),
  remove: /*#__PURE__*/ del("/asset-types/:id", as<T.Deleted>)
}

export const auth = {
  login: /*#__PURE__*/ post("/auth/login", as<T.AuthTokens, T.LoginParams>, { session: "store" }),
  logout: /*#__PURE__*/ post("/auth/logout", as<T.Success, T.LogoutParams>, { session: "logout" }),
  getTokens: /*#__PURE__*/ post("/auth/token", as<T.AuthTokens | T.AccessTokenResult, T.TokenParams>, { session: "store" }),
  check: /*#__PURE__*/ post("/auth/check", as<T.AuthCheckResult, T.AuthCheckParams>)
}

export const availabilities = {
  list: /*#__PURE__*/ list("/availabilities", as<T.Availability, T.AvailabilityListParams>),
  create: /*#__PURE__*/ post("/availabilities", as<T.Availability, T.AvailabilityCreateParams>),
  update: /*#__PURE__*/ patch("/availabilities/:id", as<T.Availability, T.AvailabilityUpdateParams>),
  remove: /*#__PURE__*/ del("/availabilities/:id", as<T.Deleted>),
  getGraph: /*#__PURE__*/ get("/availabilities/graph", as<T.AvailabilityGraph, T.AvailabilityGraphParams>)
}

export const batch = {
  run: /*#__PURE__*/ post("/batch", as<T.BatchResult, T.BatchParams>)
}

export const categories = {
  list: /*#__PURE__*/ list("/categories", as<T.Category, T.CategoryListParams>),
  read: /*#__PURE__*/ get("/categories/:id", as<T.Category>),
  create: /*#__PURE__*/ post("/categories", as<T.Category, T.CategoryCreateParams>),
  update: /*#__PURE__*/ patch("/categories/:id", as<T.Category, T.CategoryUpdateParams>),
  remove: /*#__PURE__*/ del("/categories/:id", as<T.Deleted>)
}

export const config = {
  read: /*#__PURE__*/ get("/config", as<T.PlatformConfig>),
  update: /*#__PURE__*/ patch("/config", as<T.PlatformConfig, T.ConfigUpdateParams>),
  readPrivate: /*#__PURE__*/ get("/config/private", as<T.PrivateConfig>),
  updatePrivate: /*#__PURE__*/ patch("/config/private", as<T.PrivateConfig, T.PrivateConfigUpdateParams>)
}

export const customAttributes = {
  list: /*#__PURE__*/ list("/custom-attributes", as<T.CustomAttribute, T.CustomAttributeListParams>),
  read: /*#__PURE__*/ get("/custom-attributes/:id", as<T.CustomAttribute>),
  create: /*#__PURE__*/ post("/custom-attributes", as<T.CustomAttribute, T.CustomAttributeCreateParams>),
  update: /*#__PURE__*/ patch("/custom-attributes/:id", as<T.CustomAttribute, T.CustomAttributeUpdateParams>),
  remove: /*#__PURE__*/ del("/custom-attributes/:id", as<T.Deleted>)
}

export const documents = {
  list: /*#__PURE__*/ list("/documents", as<T.Document, T.DocumentListParams>),
  read: /*#__PURE__*/ get("/documents/:id", as<T.Document>),
  create: /*#__PURE__*/ post("/documents", as<T.Document, T.DocumentCreateParams>),
  update: /*#__PURE__*/ patch("/documents/:id", as<T.Document, T.DocumentUpdateParams>),
  remove: /*#__PURE__*/ del("/documents/:id", as<T.Deleted>),
  getStats: /*#__PURE__*/ list("/documents/stats", as<T.DocumentStat, T.DocumentStatsParams>)
}

export const emails = {
  send: /*#__PURE__*/ post("/emails/send", as<T.EmailSendResult, T.EmailSendParams>),
  sendTemplate: /*#__PURE__*/ post("/emails/send-template", as<T.EmailSendResult, T.EmailSendTemplateParams>)
}

export const entries = {
  list: /*#__PURE__*/ list("/entries", as<T.Entry, T.EntryListParams>),
  read: /*#__PURE__*/ get("/entries/:id", as<T.Entry>),
  create: /*#__PURE__*/ post("/entries", as<T.Entry, T.EntryCreateParams>),
  update: /*#__PURE__*/ patch("/entries/:id", as<T.Entry, T.EntryUpdateParams>),
  remove: /*#__PURE__*/ del("/entries/:id", as<T.Deleted>)
}

export const events = {
  list: /*#__PURE__*/ list("/events", as<T.Event, T.EventListParams>),
  read: /*#__PURE__*/ get("/events/:id", as<T.Event>),
  create: /*#__PURE__*/ post("/events", as<T.Event, T.EventCreateParams>),
  getStats: /*#__PURE__*/ list("/events/stats", as<T.EventStat, T.EventStatsParams>),
  getHistory: /*#__PURE__*/ list("/events/history", as<T.HistoryBucket, T.EventHistoryParams>)
}

export const messages = {
  list: /*#__PURE__*/ list("/messages", as<T.Message, T.MessageListParams>),
  read: /*#__PURE__*/ get("/messages/:id", as<T.Message>),
  create: /*#__PURE__*/ post("/messages", as<T.Message, T.MessageCreateParams>),
  update: /*#__PURE__*/ patch("/messages/:id", as<T.Message, T.MessageUpdateParams>),
  remove: /*#__PURE__*/ del("/messages/:id", as<T.Deleted>)
}

export const orderLines = {
  read: /*#__PURE__*/ get("/order-lines/:id", as<T.OrderLine>),
  create: /*#__PURE__*/ post("/order-lines", as<T.OrderLine, T.OrderLineCreateParams>),
  update: /*#__PURE__*/ patch("/order-lines/:id", as<T.OrderLine, T.OrderLineUpdateParams>)
}

export const orderMoves = {
  read: /*#__PURE__*/ get("/order-moves/:id", as<T.OrderMove>),
  create: /*#__PURE__*/ post("/order-moves", as<T.OrderMove, T.OrderMoveCreateParams>),
  update: /*#__PURE__*/ patch("/order-moves/:id", as<T.OrderMove, T.OrderMoveUpdateParams>)
}

export const orders = {
  list: /*#__PURE__*/ list("/orders", as<T.Order, T.OrderListParams>),
  read: /*#__PURE__*/ get("/orders/:id", as<T.Order>),
  create: /*#__PURE__*/ post("/orders", as<T.Order, T.OrderCreateParams>),
  update: /*#__PURE__*/ patch("/orders/:id", as<T.Order, T.OrderUpdateParams>),
  preview: /*#__PURE__*/ post("/orders/preview", as<T.OrderPreview, T.OrderPreviewParams>)
}

export const password = {
  change: /*#__PURE__*/ post("/password/change", as<T.Success, T.PasswordChangeParams>),
  resetRequest: /*#__PURE__*/ post("/password/reset/request", as<T.Success, T.PasswordResetRequestParams>),
  resetConfirm: /*#__PURE__*/ post("/password/reset/confirm", as<T.Success, T.PasswordResetConfirmParams>)
}

export const permissions = {
  check: /*#__PURE__*/ post("/permissions/check", as<T.PermissionsCheckResult, T.PermissionsCheckParams>)
}

export const providers = {
  stripeRequest: /*#__PURE__*/ post("/providers/stripe/request", as<unknown, Readonly<Record<string, unknown>>>)
}

export const ratings = {
  list: /*#__PURE__*/ list("/ratings", as<T.Rating, T.RatingListParams>),
  read: /*#__PURE__*/ get("/ratings/:id", as<T.Rating>),
  create: /*#__PURE__*/ post("/ratings", as<T.Rating, T.RatingCreateParams>),
  update: /*#__PURE__*/ patch("/ratings/:id", as<T.Rating, T.RatingUpdateParams>),
  remove: /*#__PURE__*/ del("/ratings/:id", as<T.Deleted>),
  getStats: /*#__PURE__*/ list("/ratings/stats", as<T.RatingStat, T.RatingStatsParams>)
}

export const roles = {
  list: /*#__PURE__*/ list("/roles", as<T.Role, T.RoleListParams>),
  read: /*#__PURE__*/ get("/roles/:id", as<T.Role>),
  create: /*#__PURE__*/ post("/roles", as<T.Role, T.RoleCreateParams>),
  update: /*#__PURE__*/ patch("/roles/:id", as<T.Role, T.RoleUpdateParams>),
  remove: /*#__PURE__*/ del("/roles/:id", as<T.Deleted>)
}

export const savedSearches = {
  list: /*#__PURE__*/ list("/search", as<T.SavedSearch, T.SavedSearchListParams>),
  read: /*#__PURE__*/ get("/search/:id", as<T.SavedSearch>),
  create: /*#__PURE__*/ post("/search", as<T.SavedSearch, T.SavedSearchCreateParams>, { prepare: forceSave }),
  update: /*#__PURE__*/ patch("/search/:id", as<T.SavedSearch, T.SavedSearchUpdateParams>),
  remove: /*#__PURE__*/ del("/search/:id", as<T.Deleted>)
}

export const search = {
  results: /*#__PURE__*/ post("/search", as<T.Asset, T.SearchParams>, { kind: "list", prepare: noSave, pageIn: "body" })
}

export const signal = {
  send: /*#__PURE__*/ post("/signal", as<T.SignalResult, T.SignalParams>)
}

export const tasks = {
  list: /*#__PURE__*/ list("/tasks", as<T.Task, T.TaskListParams>),
  read: /*#__PURE__*/ get("/tasks/:id", as<T.Task>),
  create: /*#__PURE__*/ post("/tasks", as<T.Task, T.TaskCreateParams>),
  update: /*#__PURE__*/ patch("/tasks/:id", as<T.Task, T.TaskUpdateParams>),
  remove: /*#__PURE__*/ del("/tasks/:id", as<T.Deleted>)
}

export const tokens = {
  checkRequest: /*#__PURE__*/ post("/token/check/request", as<T.Success, T.TokenCheckRequestParams>),
  checkConfirm: /*#__PURE__*/ get("/token/check/:token", as<T.TokenCheckResult, T.TokenCheckConfirmParams>)
}

export const transactions = {
  list: /*#__PURE__*/ list("/transactions", as<T.Transaction, T.TransactionListParams>),
  read: /*#__PURE__*/ get("/transactions/:id", as<T.Transaction>),
  create: /*#__PURE__*/ post("/transactions", as<T.Transaction, T.TransactionCreateParams>),
  update: /*#__PURE__*/ patch("/transactions/:id", as<T.Transaction, T.TransactionUpdateParams>),
  createTransition: /*#__PURE__*/ post("/transactions/:id/transitions", as<T.Transaction, T.TransactionTransitionParams>),
  preview: /*#__PURE__*/ post("/transactions/preview", as<T.TransactionPreview, T.TransactionPreviewParams>)
}

const organizationRights = /*#__PURE__*/ put("/users/:id/organizations/:organizationId", as<T.User, T.UserOrganizationRightsParams>)

export const users = {
  list: /*#__PURE__*/ list("/users", as<T.User, T.UserListParams>),
  read: /*#__PURE__*/ get("/users/:id", as<T.User>),
  create: /*#__PURE__*/ post("/users", as<T.User, T.UserCreateParams>),
  update: /*#__PURE__*/ patch("/users/:id", as<T.User, T.UserUpdateParams>),
  remove: /*#__PURE__*/ del("/users/:id", as<T.Deleted>),
  checkAvailability: /*#__PURE__*/ get("/users/check-availability", as<T.UsernameAvailability, T.UsersCheckAvailabilityParams>),
  joinOrganizationOrUpdateRights: organizationRights,
  /** @deprecated stelace.js's old name of `joinOrganizationOrUpdateRights`. */
  updateOrganization: organizationRights,
  removeFromOrganization: /*#__PURE__*/ del("/users/:id/organizations/:organizationId", as<T.User>)
}

export const webhooks = {
  list: /*#__PURE__*/ list("/webhooks", as<T.Webhook, T.WebhookListParams>),
  read: /*#__PURE__*/ get("/webhooks/:id", as<T.Webhook, T.WebhookReadParams>),
  create: /*#__PURE__*/ post("/webhooks", as<T.Webhook, T.WebhookCreateParams>),
  update: /*#__PURE__*/ patch("/webhooks/:id", as<T.Webhook, T.WebhookUpdateParams>),
  remove: /*#__PURE__*/ del("/webhooks/:id", as<T.Deleted>)
}

export const webhookLogs = {
  list: /*#__PURE__*/ list("/webhook-logs", as<T.WebhookLog, T.WebhookLogListParams>),
  read: /*#__PURE__*/ get("/webhook-logs/:id", as<T.WebhookLog>)
}

export const workflows = {
  list: /*#__PURE__*/ list("/workflows", as<T.Workflow, T.WorkflowListParams>),
  read: /*#__PURE__*/ get("/workflows/:id", as<T.Workflow, T.WorkflowReadParams>),
  create: /*#__PURE__*/ post("/workflows", as<T.Workflow, T.WorkflowCreateParams>),
  update: /*#__PURE__*/ patch("/workflows/:id", as<T.Workflow, T.WorkflowUpdateParams>),
  remove: /*#__PURE__*/ del("/workflows/:id", as<T.Deleted>)
}

export const workflowLogs = {
  list: /*#__PURE__*/ list("/workflow-logs", as<T.WorkflowLog, T.WorkflowLogListParams>),
  read: /*#__PURE__*/ get("/workflow-logs/:id", as<T.WorkflowLog>),
  getHistory: /*#__PURE__*/ list("/workflow-logs/history", as<T.HistoryBucket, T.WorkflowLogHistoryParams>)
}
