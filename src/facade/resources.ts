/**
 * The resource families of a facade instance, by property name: stelace.js's, plus the routes it
 * lacked. Each entry is a family of the endpoint table.
 *
 * @internal
 */
import * as E from "../internal/endpoints.js"

/** The resources of an instance, by property name: stelace.js's, plus the routes it lacked. */
export const resources = {
  apiKeys: E.apiKeys,
  assessments: E.assessments,
  assets: E.assets,
  assetTypes: E.assetTypes,
  auth: E.auth,
  availabilities: E.availabilities,
  batch: E.batch,
  categories: E.categories,
  config: E.config,
  customAttributes: E.customAttributes,
  documents: E.documents,
  emails: E.emails,
  entries: E.entries,
  events: E.events,
  messages: E.messages,
  orderLines: E.orderLines,
  orderMoves: E.orderMoves,
  orders: E.orders,
  password: E.password,
  permissions: E.permissions,
  providers: E.providers,
  ratings: E.ratings,
  roles: E.roles,
  savedSearch: E.savedSearches,
  search: { ...E.search, list: E.search.results },
  signal: E.signal,
  tasks: E.tasks,
  tokens: E.tokens,
  transactions: E.transactions,
  users: E.users,
  webhookLogs: E.webhookLogs,
  webhooks: E.webhooks,
  workflowLogs: E.workflowLogs,
  workflows: E.workflows
}

/** @internal */
export type ResourceTable = typeof resources
