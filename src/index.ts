/**
 * stelace-effect: the Stelace API as Effect programs, and a drop-in Promise facade for stelace.js.
 *
 * @since 0.1.0
 */
export * as Stelace from "./Stelace.js"
export * as TokenStore from "./TokenStore.js"
export * as Session from "./Session.js"
export {
  DecodeError,
  HookError,
  type LastResponse,
  type NetworkErrorReason,
  InvalidArgument,
  MalformedResponse,
  NetworkError,
  RequestAborted,
  ServerError,
  SessionExpired,
  type StelaceError,
  type WithLastResponse
} from "./Errors.js"
export type { Page, PaginationMeta } from "./internal/endpoint.js"
export type * from "./Types.js"

export * as ApiKeys from "./resources/ApiKeys.js"
export * as Assessments from "./resources/Assessments.js"
export * as AssetTypes from "./resources/AssetTypes.js"
export * as Assets from "./resources/Assets.js"
export * as Auth from "./resources/Auth.js"
export * as Availabilities from "./resources/Availabilities.js"
export * as Batch from "./resources/Batch.js"
export * as Categories from "./resources/Categories.js"
export * as Config from "./resources/Config.js"
export * as CustomAttributes from "./resources/CustomAttributes.js"
export * as Documents from "./resources/Documents.js"
export * as Emails from "./resources/Emails.js"
export * as Entries from "./resources/Entries.js"
export * as Events from "./resources/Events.js"
export * as Forward from "./resources/Forward.js"
export * as Messages from "./resources/Messages.js"
export * as OrderLines from "./resources/OrderLines.js"
export * as OrderMoves from "./resources/OrderMoves.js"
export * as Orders from "./resources/Orders.js"
export * as Password from "./resources/Password.js"
export * as Permissions from "./resources/Permissions.js"
export * as Providers from "./resources/Providers.js"
export * as Ratings from "./resources/Ratings.js"
export * as Roles from "./resources/Roles.js"
export * as SavedSearches from "./resources/SavedSearches.js"
export * as Search from "./resources/Search.js"
export * as Signal from "./resources/Signal.js"
export * as Tasks from "./resources/Tasks.js"
export * as Tokens from "./resources/Tokens.js"
export * as Transactions from "./resources/Transactions.js"
export * as Users from "./resources/Users.js"
export * as WebhookLogs from "./resources/WebhookLogs.js"
export * as Webhooks from "./resources/Webhooks.js"
export * as WorkflowLogs from "./resources/WorkflowLogs.js"
export * as Workflows from "./resources/Workflows.js"
export { createInstance } from "./facade/createInstance.js"
export type {
  Callback,
  FacadeConfig,
  FacadeError,
  FacadeRequestOptions,
  LegacyBeforeRefreshToken,
  ListResult,
  Stelace as StelaceInstance
} from "./facade/createInstance.js"
