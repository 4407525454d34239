/**
 * Every endpoint function, on the wire: method, path, query string and JSON body, as
 * `upstream-sdk.md` and `stelace-api.md` (§5, §6) describe them. Expectations are written by hand
 * from those documents, never read from the SDK's route table.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import * as Sdk from "../../src/index.js"
import {
  ApiKeys,
  Assessments,
  Assets,
  AssetTypes,
  Auth,
  Availabilities,
  Batch,
  Categories,
  Configuration,
  CustomAttributes,
  Documents,
  Emails,
  Entries,
  Events,
  Forward,
  Messages,
  OrderLines,
  OrderMoves,
  Orders,
  Password,
  Permissions,
  Providers,
  Ratings,
  Roles,
  SavedSearches,
  Search,
  Signals,
  Tasks,
  Tokens,
  TokenStore,
  Transactions,
  Users,
  WebhookLogs,
  Webhooks,
  WorkflowLogs,
  Workflows
} from "../../src/index.js"
import type { StelaceError } from "../../src/index.js"
import type { StelaceClient } from "../../src/Stelace.js"
import { clientLayer, recorder } from "../support/client.js"
import { accessToken } from "../support/jwt.js"
import type { Recorder } from "../support/recorder.js"
import type { Session as SessionService } from "../../src/Session.js"

type EndpointFunction = (...args: any) => Effect.Effect<unknown, StelaceError, StelaceClient | SessionService>

/** One call and the request it must send. */
interface Row {
  readonly fn: EndpointFunction
  readonly args: ReadonlyArray<unknown>
  /** `METHOD /path?query`, exactly as on the wire. */
  readonly sends: string
  /** The JSON body, exactly as on the wire; `""` for no body at all. */
  readonly body: string
  /** The function answers a list (a Page). */
  readonly list: boolean
  readonly reply: unknown
  /** Tokens already in the store when the call is made. */
  readonly session?: TokenStore.Tokens | undefined
  /** Tells apart rows of the same function. */
  readonly label?: string | undefined
}

const LIST_REPLY = { results: [], nbResults: 0, nbPages: 0, page: 1, nbResultsPerPage: 20 }
const TOKENS_REPLY = { tokenType: "Bearer", userId: "usr_1", accessToken: accessToken({ userId: "usr_1", expiresIn: 3600 }), refreshToken: "rt_login" }
const SESSION: TokenStore.Tokens = { tokenType: "Bearer", userId: "usr_1", accessToken: accessToken({ userId: "usr_1", expiresIn: 3600 }), refreshToken: "rt_stored" }

interface Extras {
  readonly reply?: unknown
  readonly session?: TokenStore.Tokens
  readonly label?: string
}

/** A call answering one object. */
const call = <F extends EndpointFunction>(fn: F, args: Parameters<F>, sends: string, body = "", extras: Extras = {}): Row => ({
  fn,
  args,
  sends,
  body,
  list: false,
  reply: extras.reply ?? {},
  session: extras.session,
  label: extras.label
})

/** A call answering a list. */
const list = <F extends EndpointFunction>(fn: F, args: Parameters<F>, sends: string, body = "", extras: Extras = {}): Row => ({
  ...call(fn, args, sends, body, extras),
  list: true,
  reply: extras.reply ?? LIST_REPLY
})

const rows: ReadonlyArray<Row> = [
  list(ApiKeys.list, [{ nbResultsPerPage: 5, id: ["a", "b"] }], "GET /api-keys?nbResultsPerPage=5&id[]=a&id[]=b"),
  call(ApiKeys.read, ["apik_1"], "GET /api-keys/apik_1"),
  call(ApiKeys.create, [{ name: "Back office", type: "custom" }], "POST /api-keys", `{"name":"Back office","type":"custom"}`),
  call(ApiKeys.update, ["apik_1", { name: "Renamed" }], "PATCH /api-keys/apik_1", `{"name":"Renamed"}`),
  call(ApiKeys.remove, ["apik_1"], "DELETE /api-keys/apik_1"),

  list(Assessments.list, [{ assetId: "ast_1" }], "GET /assessments?assetId=ast_1"),
  call(Assessments.read, ["assm_1"], "GET /assessments/assm_1"),
  call(Assessments.create, [{ assetId: "ast_1", status: "draft" }], "POST /assessments", `{"assetId":"ast_1","status":"draft"}`),
  call(Assessments.update, ["assm_1", { status: "accept" }], "PATCH /assessments/assm_1", `{"status":"accept"}`),
  call(Assessments.sign, ["assm_1", { signCode: "1234" }], "POST /assessments/assm_1/signatures", `{"signCode":"1234"}`),
  // the server requires a body here: an empty input still sends `{}`
  call(Assessments.sign, ["assm_1", {}], "POST /assessments/assm_1/signatures", `{}`, { label: "without a sign code" }),
  call(Assessments.sign, ["assm_1"], "POST /assessments/assm_1/signatures", `{}`, { label: "without any input" }),
  call(Assessments.remove, ["assm_1"], "DELETE /assessments/assm_1"),

  list(Assets.list, [{ nbResultsPerPage: 5, id: ["a", "b"] }], "GET /assets?nbResultsPerPage=5&id[]=a&id[]=b"),
  list(Assets.list, [], "GET /assets", "", { label: "with no query" }),
  list(Assets.list, [{}], "GET /assets", "", { label: "with an empty query" }),
  list(Assets.list, [{ categoryId: null, ownerId: undefined, active: true } as any], "GET /assets?active=true", "", {
    label: "with null and undefined query values"
  }),
  list(Assets.list, [{ createdDate: { gte: "2020-01-01T00:00:00.000Z" } }], "GET /assets?createdDate=%7B%22gte%22:%222020-01-01T00:00:00.000Z%22%7D", "", {
    label: "with an object query value"
  }),
  list(Assets.list, [{ createdDate: new Date("2021-02-03T04:05:06.000Z") } as any], "GET /assets?createdDate=2021-02-03T04:05:06.000Z", "", {
    label: "with a Date query value"
  }),
  call(Assets.read, ["ast_1"], "GET /assets/ast_1"),
  call(Assets.read, ["ast 1/../x"], "GET /assets/ast%201%2F..%2Fx", "", { label: "with an id to encode" }),
  call(Assets.create, [{ name: "Chair", price: 10, customAttributes: { color: "red" } }], "POST /assets", `{"name":"Chair","price":10,"customAttributes":{"color":"red"}}`),
  call(Assets.update, ["ast_1", { active: false }], "PATCH /assets/ast_1", `{"active":false}`),
  call(Assets.update, ["ast_1", {}], "PATCH /assets/ast_1", "", { label: "with an empty body" }),
  call(Assets.update, ["ast_1"], "PATCH /assets/ast_1", "", { label: "with no body" }),
  call(Assets.remove, ["ast_1"], "DELETE /assets/ast_1"),

  list(AssetTypes.list, [], "GET /asset-types"),
  call(AssetTypes.read, ["typ_1"], "GET /asset-types/typ_1"),
  call(AssetTypes.create, [{ name: "Rental", timeBased: true }], "POST /asset-types", `{"name":"Rental","timeBased":true}`),
  call(AssetTypes.update, ["typ_1", { infiniteStock: true }], "PATCH /asset-types/typ_1", `{"infiniteStock":true}`),
  call(AssetTypes.remove, ["typ_1"], "DELETE /asset-types/typ_1"),

  call(Auth.login, [{ username: "jo", password: "secret" }], "POST /auth/login", `{"username":"jo","password":"secret"}`, { reply: TOKENS_REPLY }),
  call(Auth.logout, [], "POST /auth/logout", `{"refreshToken":"rt_stored"}`, {
    session: SESSION,
    label: "with a session"
  }),
  call(Auth.logout, [{ logoutFromExternalProvider: true }], "POST /auth/logout", `{"logoutFromExternalProvider":true,"refreshToken":"rt_stored"}`, {
    session: SESSION,
    label: "with a session and a body"
  }),
  call(Auth.logout, [], "POST /auth/logout", "", { label: "without a session" }),
  call(Auth.getTokens, [{ grantType: "refreshToken", refreshToken: "rt_1" }], "POST /auth/token", `{"grantType":"refreshToken","refreshToken":"rt_1"}`, {
    reply: TOKENS_REPLY
  }),
  call(Auth.loginWithCode, ["c0de"], "POST /auth/token", `{"grantType":"authorizationCode","code":"c0de"}`, { reply: TOKENS_REPLY }),
  call(Auth.check, [{ apiKey: "pubk_test_x" }], "POST /auth/check", `{"apiKey":"pubk_test_x"}`),

  list(Availabilities.list, [{ assetId: "ast_1" }], "GET /availabilities?assetId=ast_1"),
  call(Availabilities.create, [{ assetId: "ast_1", startDate: "2021-01-01T00:00:00.000Z", endDate: "2021-01-02T00:00:00.000Z", quantity: 0 }], "POST /availabilities", `{"assetId":"ast_1","startDate":"2021-01-01T00:00:00.000Z","endDate":"2021-01-02T00:00:00.000Z","quantity":0}`),
  call(Availabilities.update, ["avl_1", { quantity: 2 }], "PATCH /availabilities/avl_1", `{"quantity":2}`),
  call(Availabilities.remove, ["avl_1"], "DELETE /availabilities/avl_1"),
  call(Availabilities.getGraph, [{ assetId: "ast_1" }], "GET /availabilities/graph?assetId=ast_1"),

  call(Batch.run, [{ objectType: "asset", method: "PATCH", objects: [{ objectId: "ast_1", payload: { active: false } }] }], "POST /batch", `{"objectType":"asset","method":"PATCH","objects":[{"objectId":"ast_1","payload":{"active":false}}]}`),

  list(Categories.list, [], "GET /categories"),
  call(Categories.read, ["ctgy_1"], "GET /categories/ctgy_1"),
  call(Categories.create, [{ name: "Chairs", parentId: "ctgy_0" }], "POST /categories", `{"name":"Chairs","parentId":"ctgy_0"}`),
  call(Categories.update, ["ctgy_1", { name: "Seats" }], "PATCH /categories/ctgy_1", `{"name":"Seats"}`),
  call(Categories.remove, ["ctgy_1"], "DELETE /categories/ctgy_1"),

  call(Configuration.read, [], "GET /config"),
  call(Configuration.update, [{ stelace: { instant: { locale: "fr" } } }], "PATCH /config", `{"stelace":{"instant":{"locale":"fr"}}}`),
  call(Configuration.readPrivate, [], "GET /config/private"),
  call(Configuration.updatePrivate, [{ stelace: { ssoConnections: {} } }], "PATCH /config/private", `{"stelace":{"ssoConnections":{}}}`),

  list(CustomAttributes.list, [], "GET /custom-attributes"),
  call(CustomAttributes.read, ["attr_1"], "GET /custom-attributes/attr_1"),
  call(CustomAttributes.create, [{ name: "color", type: "select", listValues: ["red", "blue"] }], "POST /custom-attributes", `{"name":"color","type":"select","listValues":["red","blue"]}`),
  call(CustomAttributes.update, ["attr_1", { listValues: ["green"] }], "PATCH /custom-attributes/attr_1", `{"listValues":["green"]}`),
  call(CustomAttributes.remove, ["attr_1"], "DELETE /custom-attributes/attr_1"),

  list(Documents.list, [{ type: "invoice", authorId: "usr_1" }], "GET /documents?type=invoice&authorId=usr_1"),
  call(Documents.read, ["doc_1"], "GET /documents/doc_1"),
  call(Documents.create, [{ type: "invoice", data: { amount: 3 } }], "POST /documents", `{"type":"invoice","data":{"amount":3}}`),
  call(Documents.update, ["doc_1", { data: { amount: 4 } }], "PATCH /documents/doc_1", `{"data":{"amount":4}}`),
  call(Documents.remove, ["doc_1"], "DELETE /documents/doc_1"),
  list(Documents.getStats, [{ type: "invoice", groupBy: "authorId", field: "data.amount" }], "GET /documents/stats?type=invoice&groupBy=authorId&field=data.amount"),

  call(Emails.send, [{ to: "jo@example.com", subject: "Hi", text: "Hello" }], "POST /emails/send", `{"to":"jo@example.com","subject":"Hi","text":"Hello"}`),
  call(Emails.sendTemplate, [{ name: "welcome", to: "jo@example.com", data: { firstname: "Jo" } }], "POST /emails/send-template", `{"name":"welcome","to":"jo@example.com","data":{"firstname":"Jo"}}`),

  list(Entries.list, [{ collection: "web site", locale: "en-US" }], "GET /entries?collection=web+site&locale=en-US"),
  call(Entries.read, ["ent_1"], "GET /entries/ent_1"),
  call(Entries.create, [{ collection: "website", locale: "en-US", name: "home", fields: { title: "Hello" } }], "POST /entries", `{"collection":"website","locale":"en-US","name":"home","fields":{"title":"Hello"}}`),
  call(Entries.update, ["ent_1", { fields: { title: "Bye" } }], "PATCH /entries/ent_1", `{"fields":{"title":"Bye"}}`),
  call(Entries.remove, ["ent_1"], "DELETE /entries/ent_1"),

  list(Events.list, [{ type: ["asset__created", "asset__updated"] }], "GET /events?type[]=asset__created&type[]=asset__updated"),
  call(Events.read, ["evt_1"], "GET /events/evt_1"),
  call(Events.create, [{ type: "custom_event", objectId: "ast_1" }], "POST /events", `{"type":"custom_event","objectId":"ast_1"}`),
  list(Events.getStats, [{ groupBy: "type" }], "GET /events/stats?groupBy=type"),
  list(Events.getHistory, [{ groupBy: "day", type: "asset__created" }], "GET /events/history?groupBy=day&type=asset__created"),

  call(Forward.get, ["/assets", { nbResultsPerPage: 2 }], "GET /assets?nbResultsPerPage=2"),
  call(Forward.get, ["/assets?active=true", { nbResultsPerPage: 2 }], "GET /assets?active=true&nbResultsPerPage=2", "", {
    label: "with a path that has its own query"
  }),
  call(Forward.post, ["/assets", { name: "Chair" }], "POST /assets", `{"name":"Chair"}`),
  call(Forward.put, ["/users/usr_1/organizations/org_1", { roles: ["dev"] }], "PUT /users/usr_1/organizations/org_1", `{"roles":["dev"]}`),
  call(Forward.patch, ["/assets/ast_1", { active: false }], "PATCH /assets/ast_1", `{"active":false}`),
  call(Forward.del, ["/assets/ast_1"], "DELETE /assets/ast_1"),
  call(Forward.options, ["/assets"], "OPTIONS /assets"),

  list(Messages.list, [{ conversationId: "conv_1" }], "GET /messages?conversationId=conv_1"),
  call(Messages.read, ["msg_1"], "GET /messages/msg_1"),
  call(Messages.create, [{ topicId: "ast_1", receiverId: "usr_2", content: "Hi" }], "POST /messages", `{"topicId":"ast_1","receiverId":"usr_2","content":"Hi"}`),
  call(Messages.update, ["msg_1", { read: true }], "PATCH /messages/msg_1", `{"read":true}`),
  call(Messages.remove, ["msg_1"], "DELETE /messages/msg_1"),

  call(OrderLines.read, ["ordl_1"], "GET /order-lines/ordl_1"),
  call(OrderLines.create, [{ orderId: "ord_1", payerId: "usr_1", payerAmount: 10, currency: "EUR" }], "POST /order-lines", `{"orderId":"ord_1","payerId":"usr_1","payerAmount":10,"currency":"EUR"}`),
  call(OrderLines.update, ["ordl_1", { payerAmount: 12 }], "PATCH /order-lines/ordl_1", `{"payerAmount":12}`),

  call(OrderMoves.read, ["ordm_1"], "GET /order-moves/ordm_1"),
  call(OrderMoves.create, [{ orderId: "ord_1", payerId: "usr_1", payerAmount: 10, currency: "EUR" }], "POST /order-moves", `{"orderId":"ord_1","payerId":"usr_1","payerAmount":10,"currency":"EUR"}`),
  call(OrderMoves.update, ["ordm_1", { metadata: { note: "x" } }], "PATCH /order-moves/ordm_1", `{"metadata":{"note":"x"}}`),

  list(Orders.list, [{ payerId: "usr_1" }], "GET /orders?payerId=usr_1"),
  call(Orders.read, ["ord_1"], "GET /orders/ord_1"),
  call(Orders.create, [{ transactionIds: ["trn_1"] }], "POST /orders", `{"transactionIds":["trn_1"]}`),
  call(Orders.update, ["ord_1", { metadata: { paid: true } }], "PATCH /orders/ord_1", `{"metadata":{"paid":true}}`),
  call(Orders.preview, [{ transactionIds: ["trn_1"] }], "POST /orders/preview", `{"transactionIds":["trn_1"]}`),

  call(Password.change, [{ currentPassword: "old-secret", newPassword: "new-secret" }], "POST /password/change", `{"currentPassword":"old-secret","newPassword":"new-secret"}`),
  call(Password.resetRequest, [{ username: "jo" }], "POST /password/reset/request", `{"username":"jo"}`),
  call(Password.resetConfirm, [{ resetToken: "rst_1", newPassword: "new-secret" }], "POST /password/reset/confirm", `{"resetToken":"rst_1","newPassword":"new-secret"}`),

  call(Permissions.check, [{ permissions: ["asset:create", "asset:edit"] }], "POST /permissions/check", `{"permissions":["asset:create","asset:edit"]}`),

  call(Providers.stripeRequest, [{ method: "customers.create", args: [{ email: "jo@example.com" }] }], "POST /providers/stripe/request", `{"method":"customers.create","args":[{"email":"jo@example.com"}]}`),

  list(Ratings.list, [{ targetId: "usr_2" }], "GET /ratings?targetId=usr_2"),
  call(Ratings.read, ["rtg_1"], "GET /ratings/rtg_1"),
  call(Ratings.create, [{ score: 80, targetId: "usr_2" }], "POST /ratings", `{"score":80,"targetId":"usr_2"}`),
  call(Ratings.update, ["rtg_1", { score: 90 }], "PATCH /ratings/rtg_1", `{"score":90}`),
  call(Ratings.remove, ["rtg_1"], "DELETE /ratings/rtg_1"),
  list(Ratings.getStats, [{ groupBy: "targetId", label: "main" }], "GET /ratings/stats?groupBy=targetId&label=main"),

  list(Roles.list, [], "GET /roles"),
  call(Roles.read, ["role_1"], "GET /roles/role_1"),
  call(Roles.create, [{ name: "Moderator", value: "moderator", permissions: ["message:list:all"] }], "POST /roles", `{"name":"Moderator","value":"moderator","permissions":["message:list:all"]}`),
  call(Roles.update, ["role_1", { permissions: [] }], "PATCH /roles/role_1", `{"permissions":[]}`),
  call(Roles.remove, ["role_1"], "DELETE /roles/role_1"),

  list(SavedSearches.list, [{ userId: "usr_1" }], "GET /search?userId=usr_1"),
  call(SavedSearches.read, ["sch_1"], "GET /search/sch_1"),
  call(SavedSearches.create, [{ name: "Red chairs", query: "chair" }], "POST /search", `{"name":"Red chairs","query":"chair","save":true}`, {
    label: "without save"
  }),
  call(SavedSearches.create, [{ save: false, name: "Red chairs" } as any], "POST /search", `{"save":true,"name":"Red chairs"}`, {
    label: "with save: false"
  }),
  call(SavedSearches.update, ["sch_1", { name: "Blue chairs" }], "PATCH /search/sch_1", `{"name":"Blue chairs"}`),
  call(SavedSearches.remove, ["sch_1"], "DELETE /search/sch_1"),

  list(Search.results, [{ query: "chair", nbResultsPerPage: 2 }], "POST /search", `{"query":"chair","nbResultsPerPage":2}`, {
    label: "without save"
  }),
  list(Search.results, [{ query: "chair", save: true }], "POST /search", `{"query":"chair","save":false}`, {
    label: "with save: true"
  }),
  list(Search.results, [{ query: "chair", save: false }], "POST /search", `{"query":"chair","save":false}`, {
    label: "with save: false"
  }),
  list(Search.results, [], "POST /search", "", { label: "with no body" }),

  call(Signals.send, [{ message: { text: "Hi" }, destination: "usr_2", event: "chat" }], "POST /signal", `{"message":{"text":"Hi"},"destination":"usr_2","event":"chat"}`),

  list(Tasks.list, [{ eventType: "reminder" }], "GET /tasks?eventType=reminder"),
  call(Tasks.read, ["task_1"], "GET /tasks/task_1"),
  call(Tasks.create, [{ eventType: "reminder", recurringPattern: "0 9 * * *" }], "POST /tasks", `{"eventType":"reminder","recurringPattern":"0 9 * * *"}`),
  call(Tasks.update, ["task_1", { active: false }], "PATCH /tasks/task_1", `{"active":false}`),
  call(Tasks.remove, ["task_1"], "DELETE /tasks/task_1"),

  call(Tokens.checkRequest, [{ type: "email", userId: "usr_1" }], "POST /token/check/request", `{"type":"email","userId":"usr_1"}`),
  call(Tokens.checkConfirm, ["tok_1"], "GET /token/check/tok_1"),
  call(Tokens.checkConfirm, ["tok_1", { redirect: false }], "GET /token/check/tok_1?redirect=false", "", { label: "with a query" }),

  list(Transactions.list, [{ assetId: "ast_1", takerId: ["usr_1", "usr_2"] }], "GET /transactions?assetId=ast_1&takerId[]=usr_1&takerId[]=usr_2"),
  call(Transactions.read, ["trn_1"], "GET /transactions/trn_1"),
  call(Transactions.create, [{ assetId: "ast_1", quantity: 1 }], "POST /transactions", `{"assetId":"ast_1","quantity":1}`),
  call(Transactions.update, ["trn_1", { quantity: 2 }], "PATCH /transactions/trn_1", `{"quantity":2}`),
  call(Transactions.createTransition, ["trn_1", { name: "accept" }], "POST /transactions/trn_1/transitions", `{"name":"accept"}`),
  call(Transactions.preview, [{ assetId: "ast_1", quantity: 1 }], "POST /transactions/preview", `{"assetId":"ast_1","quantity":1}`),

  list(Users.list, [{ type: "organization", userOrganizationId: "org_1" }], "GET /users?type=organization&userOrganizationId=org_1"),
  call(Users.read, ["usr_1"], "GET /users/usr_1"),
  call(Users.create, [{ username: "jo@example.com", password: "secret-password" }], "POST /users", `{"username":"jo@example.com","password":"secret-password"}`),
  call(Users.update, ["usr_1", { firstname: "Jo" }], "PATCH /users/usr_1", `{"firstname":"Jo"}`),
  call(Users.remove, ["usr_1"], "DELETE /users/usr_1"),
  call(Users.checkAvailability, [{ username: "jo@example.com" }], "GET /users/check-availability?username=jo@example.com"),
  call(Users.joinOrganizationOrUpdateRights, ["usr_1", "org_1", { roles: ["user", "dev"] }], "PUT /users/usr_1/organizations/org_1", `{"roles":["user","dev"]}`),
  call(Users.updateOrganization, ["usr_1", "org_1", { roles: ["user"] }], "PUT /users/usr_1/organizations/org_1", `{"roles":["user"]}`),
  call(Users.removeFromOrganization, ["usr_1", "org_1"], "DELETE /users/usr_1/organizations/org_1"),
  call(Users.removeFromOrganization, ["usr/1", "org 1"], "DELETE /users/usr%2F1/organizations/org%201", "", {
    label: "with ids to encode"
  }),

  list(WebhookLogs.list, [{ webhookId: "whk_1", eventId: "evt_1" }], "GET /webhook-logs?webhookId=whk_1&eventId=evt_1"),
  call(WebhookLogs.read, ["whkl_1"], "GET /webhook-logs/whkl_1"),

  list(Webhooks.list, [], "GET /webhooks"),
  call(Webhooks.read, ["whk_1"], "GET /webhooks/whk_1"),
  call(Webhooks.read, ["whk_1", { logs: true }], "GET /webhooks/whk_1?logs=true", "", { label: "with logs" }),
  call(Webhooks.create, [{ name: "Hook", targetUrl: "https://example.com/hook", event: "asset__created" }], "POST /webhooks", `{"name":"Hook","targetUrl":"https://example.com/hook","event":"asset__created"}`),
  call(Webhooks.update, ["whk_1", { active: false }], "PATCH /webhooks/whk_1", `{"active":false}`),
  call(Webhooks.remove, ["whk_1"], "DELETE /webhooks/whk_1"),

  list(WorkflowLogs.list, [{ workflowId: "wfw_1" }], "GET /workflow-logs?workflowId=wfw_1"),
  call(WorkflowLogs.read, ["wfwl_1"], "GET /workflow-logs/wfwl_1"),
  list(WorkflowLogs.getHistory, [{ groupBy: "month", workflowId: ["wfw_1", "wfw_2"] }], "GET /workflow-logs/history?groupBy=month&workflowId[]=wfw_1&workflowId[]=wfw_2"),

  list(Workflows.list, [], "GET /workflows"),
  call(Workflows.read, ["wfw_1"], "GET /workflows/wfw_1"),
  call(Workflows.read, ["wfw_1", { logs: true }], "GET /workflows/wfw_1?logs=true", "", { label: "with logs" }),
  call(Workflows.create, [{ name: "Notify", event: "asset__created", run: [{ endpointMethod: "POST", endpointUri: "/events" }] }], "POST /workflows", `{"name":"Notify","event":"asset__created","run":[{"endpointMethod":"POST","endpointUri":"/events"}]}`),
  call(Workflows.update, ["wfw_1", { active: false }], "PATCH /workflows/wfw_1", `{"active":false}`),
  call(Workflows.remove, ["wfw_1"], "DELETE /workflows/wfw_1")
]

/** Root exports that are not resource modules. */
const INFRASTRUCTURE = new Set(["Stelace", "TokenStore", "Session", "Schemas"])

/**
 * Exported functions that are not one endpoint call (tested elsewhere, or helpers): single sign-on's
 * URL and return, which send nothing, and its logout, which sends two (singleSignOn.test.ts).
 */
const NOT_ENDPOINTS = new Set(["Auth.info", "Auth.ssoLoginUrl", "Auth.parseSsoReturn", "Auth.logoutFromProvider"])

/** Every resource module of the package root, by name. */
const resourceModules = (): ReadonlyArray<readonly [string, Record<string, unknown>]> =>
  Object.entries(Sdk as Record<string, unknown>).filter(
    (entry): entry is [string, Record<string, unknown>] =>
      !INFRASTRUCTURE.has(entry[0]) && typeof entry[1] === "object" && entry[1] !== null
  )

/** `Module.function` of every endpoint function the package exports. */
const endpointFunctions = (): Map<unknown, string> => {
  const names = new Map<unknown, string>()
  for (const [moduleName, module] of resourceModules()) {
    for (const [name, value] of Object.entries(module)) {
      const qualified = `${moduleName}.${name}`
      if (typeof value !== "function" || name.startsWith("paginate") || NOT_ENDPOINTS.has(qualified)) continue
      names.set(value, qualified)
    }
  }
  return names
}

const names = endpointFunctions()
const nameOf = (row: Row) => names.get(row.fn) ?? "<not exported>"
const describeRow = (row: Row) =>
  `${nameOf(row)}${row.label ? ` ${row.label}` : ""} sends ${row.sends}${row.body ? ` with ${row.body}` : " without a body"}`

const storeWith = (tokens: TokenStore.Tokens | undefined): Layer.Layer<TokenStore.TokenStore> => {
  const store = TokenStore.makeMemoryStore()
  if (tokens) store.setTokens(tokens)
  return TokenStore.make(store)
}

describe("endpoints on the wire", () => {
  for (const row of rows) {
    it.live(describeRow(row), () =>
      Effect.gen(function*() {
        const server = yield* recorder
        server.respond(() => ({ body: row.reply }))
        yield* row.fn(...row.args).pipe(Effect.provide(clientLayer(server, {}, storeWith(row.session))))
        assert.deepStrictEqual(
          server.requests.map((request) => ({ sends: `${request.method} ${request.url}`, body: request.body })),
          [{ sends: row.sends, body: row.body }]
        )
      }).pipe(Effect.scoped))
  }
})

describe("endpoint table coverage", () => {
  it("has a row for every endpoint function of every resource module", () => {
    const covered = new Set(rows.map((row) => row.fn))
    const missing = [...names].filter(([fn]) => !covered.has(fn as EndpointFunction)).map(([, name]) => name)
    assert.deepStrictEqual(missing, [])
  })

  it("has no row for a function the package does not export", () => {
    const unknown = rows.filter((row) => !names.has(row.fn)).map((row) => row.sends)
    assert.deepStrictEqual(unknown, [])
  })
})

describe("list results", () => {
  const listRows = rows.filter((row, index) => row.list && rows.findIndex((other) => other.fn === row.fn) === index)

  for (const row of listRows) {
    it.live(`${nameOf(row)} answers a Page with a hidden lastResponse { requestId, statusCode }`, () =>
      Effect.gen(function*() {
        const server = yield* recorder
        server.respond(() => ({
          headers: { "x-request-id": "req_page" },
          body: { results: [{ id: "obj_1" }], nbResults: 1, nbPages: 1, page: 1, nbResultsPerPage: 20 }
        }))
        const page = (yield* row.fn(...row.args).pipe(Effect.provide(clientLayer(server)))) as Sdk.Page<unknown>
        assert.deepStrictEqual(
          { results: page.results, paginationMeta: page.paginationMeta, lastResponse: page.lastResponse, keys: Object.keys(page) },
          {
            results: [{ id: "obj_1" }],
            paginationMeta: { nbResults: 1, nbPages: 1, page: 1, nbResultsPerPage: 20 },
            lastResponse: { requestId: "req_page", statusCode: 200 },
            keys: ["results", "paginationMeta"]
          }
        )
      }).pipe(Effect.scoped))
  }
})

describe("list result shapes", () => {
  const listOf = (server: Recorder, reply: unknown) => {
    server.respond(() => ({ headers: { "x-request-id": "req_shape" }, body: reply }))
    return Assets.list().pipe(Effect.provide(clientLayer(server)))
  }

  it.live("a cursor-based body gives cursor pagination meta", () =>
    Effect.gen(function*() {
      const server = yield* recorder
      const page = yield* listOf(server, {
        results: [{ id: "ast_1" }],
        startCursor: "cur_1",
        endCursor: "cur_1",
        hasPreviousPage: false,
        hasNextPage: true,
        nbResultsPerPage: 1
      })
      assert.deepStrictEqual(page.paginationMeta, {
        hasPreviousPage: false,
        hasNextPage: true,
        startCursor: "cur_1",
        endCursor: "cur_1",
        nbResultsPerPage: 1
      })
    }).pipe(Effect.scoped))

  it.live("a plain-array body gives a Page of its items, with its lastResponse", () =>
    Effect.gen(function*() {
      const server = yield* recorder
      const page = yield* listOf(server, [{ id: "typ_1" }, { id: "typ_2" }])
      assert.deepStrictEqual(
        { results: page.results, lastResponse: page.lastResponse },
        { results: [{ id: "typ_1" }, { id: "typ_2" }], lastResponse: { requestId: "req_shape", statusCode: 200 } }
      )
    }).pipe(Effect.scoped))

  it.live("Search.results keeps exhaustiveNbResults in the pagination meta", () =>
    Effect.gen(function*() {
      const server = yield* recorder
      server.respond(() => ({
        body: { results: [], nbResults: 40, nbPages: 2, page: 1, nbResultsPerPage: 20, exhaustiveNbResults: false }
      }))
      const page = yield* Search.results({ query: "chair" }).pipe(Effect.provide(clientLayer(server)))
      assert.deepStrictEqual(page.paginationMeta, { nbResults: 40, nbPages: 2, page: 1, nbResultsPerPage: 20, exhaustiveNbResults: false })
    }).pipe(Effect.scoped))
})
