/**
 * Every route of the Stelace API the SDK calls, one line each. The Effect functions of the
 * resource modules and the methods of the Promise facade are derived from this table; adding a
 * route is adding a line here (and naming it in its resource module).
 *
 * One constant per resource family, so a bundle keeps only the families it uses.
 *
 * @internal
 */
import type * as T from "../Types.js"
import { as, del, get, list, patch, post, put } from "./endpoint.js"

const forceSave = (input: Record<string, unknown>) => ({ ...input, save: true })
const noSave = (input: Record<string, unknown>) => (input.save ? { ...input, save: false } : input)

export const apiKeys = {
  list: list("/api-keys", as<T.ApiKey, T.ApiKeyListParams>()),
  read: get("/api-keys/:id", as<T.ApiKey>()),
  create: post("/api-keys", as<T.ApiKey, T.ApiKeyCreateParams>()),
  update: patch("/api-keys/:id", as<T.ApiKey, T.ApiKeyUpdateParams>()),
  remove: del("/api-keys/:id", as<T.Deleted>())
}

export const assessments = {
  list: list("/assessments", as<T.Assessment, T.AssessmentListParams>()),
  read: get("/assessments/:id", as<T.Assessment>()),
  create: post("/assessments", as<T.Assessment, T.AssessmentCreateParams>()),
  update: patch("/assessments/:id", as<T.Assessment, T.AssessmentUpdateParams>()),
  sign: post("/assessments/:id/signatures", as<T.Assessment, T.AssessmentSignParams>()),
  remove: del("/assessments/:id", as<T.Deleted>())
}

export const assets = {
  list: list("/assets", as<T.Asset, T.AssetListParams>()),
  read: get("/assets/:id", as<T.Asset>()),
  create: post("/assets", as<T.Asset, T.AssetCreateParams>()),
  update: patch("/assets/:id", as<T.Asset, T.AssetUpdateParams>()),
  remove: del("/assets/:id", as<T.Deleted>())
}

export const assetTypes = {
  list: list("/asset-types", as<T.AssetType, T.AssetTypeListParams>()),
  read: get("/asset-types/:id", as<T.AssetType>()),
  create: post("/asset-types", as<T.AssetType, T.AssetTypeCreateParams>()),
  update: patch("/asset-types/:id", as<T.AssetType, T.AssetTypeUpdateParams>()),
  remove: del("/asset-types/:id", as<T.Deleted>())
}

export const auth = {
  login: post("/auth/login", as<T.AuthTokens, T.LoginParams>(), { session: "store" }),
  logout: post("/auth/logout", as<T.Success, T.LogoutParams>(), { session: "logout" }),
  getTokens: post("/auth/token", as<T.AuthTokens | T.AccessTokenResult, T.TokenParams>(), { session: "store" }),
  check: post("/auth/check", as<T.AuthCheckResult, T.AuthCheckParams>())
}

export const availabilities = {
  list: list("/availabilities", as<T.Availability, T.AvailabilityListParams>()),
  create: post("/availabilities", as<T.Availability, T.AvailabilityCreateParams>()),
  update: patch("/availabilities/:id", as<T.Availability, T.AvailabilityUpdateParams>()),
  remove: del("/availabilities/:id", as<T.Deleted>()),
  getGraph: get("/availabilities/graph", as<T.AvailabilityGraph, T.AvailabilityGraphParams>())
}

export const batch = {
  run: post("/batch", as<T.BatchResult, T.BatchParams>())
}

export const categories = {
  list: list("/categories", as<T.Category, T.CategoryListParams>()),
  read: get("/categories/:id", as<T.Category>()),
  create: post("/categories", as<T.Category, T.CategoryCreateParams>()),
  update: patch("/categories/:id", as<T.Category, T.CategoryUpdateParams>()),
  remove: del("/categories/:id", as<T.Deleted>())
}

export const config = {
  read: get("/config", as<T.PlatformConfig>()),
  update: patch("/config", as<T.PlatformConfig, T.ConfigUpdateParams>()),
  readPrivate: get("/config/private", as<T.PrivateConfig>()),
  updatePrivate: patch("/config/private", as<T.PrivateConfig, T.PrivateConfigUpdateParams>())
}

export const customAttributes = {
  list: list("/custom-attributes", as<T.CustomAttribute, T.CustomAttributeListParams>()),
  read: get("/custom-attributes/:id", as<T.CustomAttribute>()),
  create: post("/custom-attributes", as<T.CustomAttribute, T.CustomAttributeCreateParams>()),
  update: patch("/custom-attributes/:id", as<T.CustomAttribute, T.CustomAttributeUpdateParams>()),
  remove: del("/custom-attributes/:id", as<T.Deleted>())
}

export const documents = {
  list: list("/documents", as<T.Document, T.DocumentListParams>()),
  read: get("/documents/:id", as<T.Document>()),
  create: post("/documents", as<T.Document, T.DocumentCreateParams>()),
  update: patch("/documents/:id", as<T.Document, T.DocumentUpdateParams>()),
  remove: del("/documents/:id", as<T.Deleted>()),
  getStats: list("/documents/stats", as<T.DocumentStat, T.DocumentStatsParams>())
}

export const emails = {
  send: post("/emails/send", as<T.EmailSendResult, T.EmailSendParams>()),
  sendTemplate: post("/emails/send-template", as<T.EmailSendResult, T.EmailSendTemplateParams>())
}

export const entries = {
  list: list("/entries", as<T.Entry, T.EntryListParams>()),
  read: get("/entries/:id", as<T.Entry>()),
  create: post("/entries", as<T.Entry, T.EntryCreateParams>()),
  update: patch("/entries/:id", as<T.Entry, T.EntryUpdateParams>()),
  remove: del("/entries/:id", as<T.Deleted>())
}

export const events = {
  list: list("/events", as<T.Event, T.EventListParams>()),
  read: get("/events/:id", as<T.Event>()),
  create: post("/events", as<T.Event, T.EventCreateParams>()),
  getStats: list("/events/stats", as<T.EventStat, T.EventStatsParams>()),
  getHistory: list("/events/history", as<T.HistoryBucket, T.EventHistoryParams>())
}

export const messages = {
  list: list("/messages", as<T.Message, T.MessageListParams>()),
  read: get("/messages/:id", as<T.Message>()),
  create: post("/messages", as<T.Message, T.MessageCreateParams>()),
  update: patch("/messages/:id", as<T.Message, T.MessageUpdateParams>()),
  remove: del("/messages/:id", as<T.Deleted>())
}

export const orderLines = {
  read: get("/order-lines/:id", as<T.OrderLine>()),
  create: post("/order-lines", as<T.OrderLine, T.OrderLineCreateParams>()),
  update: patch("/order-lines/:id", as<T.OrderLine, T.OrderLineUpdateParams>())
}

export const orderMoves = {
  read: get("/order-moves/:id", as<T.OrderMove>()),
  create: post("/order-moves", as<T.OrderMove, T.OrderMoveCreateParams>()),
  update: patch("/order-moves/:id", as<T.OrderMove, T.OrderMoveUpdateParams>())
}

export const orders = {
  list: list("/orders", as<T.Order, T.OrderListParams>()),
  read: get("/orders/:id", as<T.Order>()),
  create: post("/orders", as<T.Order, T.OrderCreateParams>()),
  update: patch("/orders/:id", as<T.Order, T.OrderUpdateParams>()),
  preview: post("/orders/preview", as<T.OrderPreview, T.OrderPreviewParams>())
}

export const password = {
  change: post("/password/change", as<T.Success, T.PasswordChangeParams>()),
  resetRequest: post("/password/reset/request", as<T.Success, T.PasswordResetRequestParams>()),
  resetConfirm: post("/password/reset/confirm", as<T.Success, T.PasswordResetConfirmParams>())
}

export const permissions = {
  check: post("/permissions/check", as<T.PermissionsCheckResult, T.PermissionsCheckParams>())
}

export const providers = {
  stripeRequest: post("/providers/stripe/request", as<unknown, Readonly<Record<string, unknown>>>())
}

export const ratings = {
  list: list("/ratings", as<T.Rating, T.RatingListParams>()),
  read: get("/ratings/:id", as<T.Rating>()),
  create: post("/ratings", as<T.Rating, T.RatingCreateParams>()),
  update: patch("/ratings/:id", as<T.Rating, T.RatingUpdateParams>()),
  remove: del("/ratings/:id", as<T.Deleted>()),
  getStats: list("/ratings/stats", as<T.RatingStat, T.RatingStatsParams>())
}

export const roles = {
  list: list("/roles", as<T.Role, T.RoleListParams>()),
  read: get("/roles/:id", as<T.Role>()),
  create: post("/roles", as<T.Role, T.RoleCreateParams>()),
  update: patch("/roles/:id", as<T.Role, T.RoleUpdateParams>()),
  remove: del("/roles/:id", as<T.Deleted>())
}

export const savedSearches = {
  list: list("/search", as<T.SavedSearch, T.SavedSearchListParams>()),
  read: get("/search/:id", as<T.SavedSearch>()),
  create: post("/search", as<T.SavedSearch, T.SavedSearchCreateParams>(), { prepare: forceSave }),
  update: patch("/search/:id", as<T.SavedSearch, T.SavedSearchUpdateParams>()),
  remove: del("/search/:id", as<T.Deleted>())
}

export const search = {
  results: post("/search", as<T.Asset, T.SearchParams>(), { kind: "list", prepare: noSave, pageIn: "body" })
}

export const signal = {
  send: post("/signal", as<T.SignalResult, T.SignalParams>())
}

export const tasks = {
  list: list("/tasks", as<T.Task, T.TaskListParams>()),
  read: get("/tasks/:id", as<T.Task>()),
  create: post("/tasks", as<T.Task, T.TaskCreateParams>()),
  update: patch("/tasks/:id", as<T.Task, T.TaskUpdateParams>()),
  remove: del("/tasks/:id", as<T.Deleted>())
}

export const tokens = {
  checkRequest: post("/token/check/request", as<T.Success, T.TokenCheckRequestParams>()),
  checkConfirm: get("/token/check/:token", as<T.TokenCheckResult, T.TokenCheckConfirmParams>())
}

export const transactions = {
  list: list("/transactions", as<T.Transaction, T.TransactionListParams>()),
  read: get("/transactions/:id", as<T.Transaction>()),
  create: post("/transactions", as<T.Transaction, T.TransactionCreateParams>()),
  update: patch("/transactions/:id", as<T.Transaction, T.TransactionUpdateParams>()),
  createTransition: post("/transactions/:id/transitions", as<T.Transaction, T.TransactionTransitionParams>()),
  preview: post("/transactions/preview", as<T.TransactionPreview, T.TransactionPreviewParams>())
}

const organizationRights = put("/users/:id/organizations/:organizationId", as<T.User, T.UserOrganizationRightsParams>())

export const users = {
  list: list("/users", as<T.User, T.UserListParams>()),
  read: get("/users/:id", as<T.User>()),
  create: post("/users", as<T.User, T.UserCreateParams>()),
  update: patch("/users/:id", as<T.User, T.UserUpdateParams>()),
  remove: del("/users/:id", as<T.Deleted>()),
  checkAvailability: get("/users/check-availability", as<T.UsernameAvailability, T.UsersCheckAvailabilityParams>()),
  joinOrganizationOrUpdateRights: organizationRights,
  /** @deprecated stelace.js's old name of `joinOrganizationOrUpdateRights`. */
  updateOrganization: organizationRights,
  removeFromOrganization: del("/users/:id/organizations/:organizationId", as<T.User>())
}

export const webhooks = {
  list: list("/webhooks", as<T.Webhook, T.WebhookListParams>()),
  read: get("/webhooks/:id", as<T.Webhook, T.WebhookReadParams>()),
  create: post("/webhooks", as<T.Webhook, T.WebhookCreateParams>()),
  update: patch("/webhooks/:id", as<T.Webhook, T.WebhookUpdateParams>()),
  remove: del("/webhooks/:id", as<T.Deleted>())
}

export const webhookLogs = {
  list: list("/webhook-logs", as<T.WebhookLog, T.WebhookLogListParams>()),
  read: get("/webhook-logs/:id", as<T.WebhookLog>())
}

export const workflows = {
  list: list("/workflows", as<T.Workflow, T.WorkflowListParams>()),
  read: get("/workflows/:id", as<T.Workflow, T.WorkflowReadParams>()),
  create: post("/workflows", as<T.Workflow, T.WorkflowCreateParams>()),
  update: patch("/workflows/:id", as<T.Workflow, T.WorkflowUpdateParams>()),
  remove: del("/workflows/:id", as<T.Deleted>())
}

export const workflowLogs = {
  list: list("/workflow-logs", as<T.WorkflowLog, T.WorkflowLogListParams>()),
  read: get("/workflow-logs/:id", as<T.WorkflowLog>()),
  getHistory: list("/workflow-logs/history", as<T.HistoryBucket, T.WorkflowLogHistoryParams>())
}
