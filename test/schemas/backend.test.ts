/**
 * A client decoding every result (`Schemas.layerDecoding`) against the in-memory Stelace backend:
 * the answers of every family, in both API versions, match the route schemas.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import {
  ApiKeys,
  AssetTypes,
  Assets,
  Auth,
  Availabilities,
  Categories,
  Configuration,
  CustomAttributes,
  Documents,
  Entries,
  Events,
  Messages,
  Orders,
  Ratings,
  Roles,
  SavedSearches,
  Search,
  Stelace,
  Tasks,
  TokenStore,
  Transactions,
  Users,
  WebhookLogs,
  Webhooks,
  WorkflowLogs,
  Workflows
} from "../../src/index.js"
import type { StelaceError } from "../../src/index.js"
import * as Schemas from "../../src/Schemas.js"
import type { StelaceClient } from "../../src/Stelace.js"
import { StelaceTest } from "../../src/testing/index.js"
import type { Session as SessionService } from "../../src/Session.js"

const { demo } = StelaceTest

const decodingClient = (apiKey: string) =>
  Stelace.layer({ apiKey }).pipe(
    Layer.provide(StelaceTest.layer()),
    Layer.provide(TokenStore.memory),
    Layer.provide(Schemas.layerDecoding)
  )

type Call = Effect.Effect<unknown, StelaceError, StelaceClient | SessionService>

const reads: Record<string, Call> = {
  "Assets.list": Assets.list(),
  "Assets.read": Assets.read(demo.assets.tesla),
  "AssetTypes.list": AssetTypes.list(),
  "AssetTypes.read": AssetTypes.read(demo.assetTypes.daily),
  "Categories.list": Categories.list(),
  "Categories.read": Categories.read(demo.categories.cars),
  "Users.list": Users.list(),
  "Users.read": Users.read(demo.users.alice.id),
  "Users.read (organization)": Users.read(demo.organizations.lyonRentals),
  "Users.checkAvailability": Users.checkAvailability({ username: "nobody" }),
  "Transactions.list": Transactions.list(),
  "Transactions.read": Transactions.read(demo.transactions.teslaBooking),
  "Search.results": Search.results({ query: "" }),
  "Configuration.read": Configuration.read(),
  "Configuration.readPrivate": Configuration.readPrivate(),
  "Roles.list": Roles.list(),
  "CustomAttributes.list": CustomAttributes.list(),
  "Availabilities.list": Availabilities.list({ assetId: demo.assets.tesla }),
  "Availabilities.getGraph": Availabilities.getGraph({ assetId: demo.assets.tesla }),
  "Events.list": Events.list(),
  "Messages.list": Messages.list(),
  "Ratings.list": Ratings.list(),
  "Documents.list": Documents.list({ type: "invoice" }),
  "Entries.list": Entries.list(),
  "Tasks.list": Tasks.list(),
  "Webhooks.list": Webhooks.list(),
  "Workflows.list": Workflows.list(),
  "ApiKeys.list": ApiKeys.list(),
  "Orders.list": Orders.list(),
  "SavedSearches.list": SavedSearches.list()
}

const cursorOnly: Record<string, Call> = {
  "WebhookLogs.list": WebhookLogs.list(),
  "WorkflowLogs.list": WorkflowLogs.list()
}

describe("whole-client decoding against the in-memory backend", () => {
  for (const apiVersion of ["2019-05-20", "2020-08-10"] as const) {
    for (const [name, call] of Object.entries({ ...reads, ...(apiVersion === "2020-08-10" ? cursorOnly : {}) })) {
      it.effect(`${name} under ${apiVersion}`, () =>
        call.pipe(
          Stelace.withRequestOptions({ apiVersion }),
          Effect.map((result) => assert.isDefined(result)),
          Effect.provide(decodingClient(demo.secretApiKey))
        ))
    }
  }

  it.effect("creates, updates and removes across families", () =>
    Effect.gen(function*() {
      const asset = yield* Assets.create({ name: "Canoe", assetTypeId: demo.assetTypes.daily, price: 20, currency: "EUR", ownerId: demo.users.alice.id })
      yield* Assets.update(asset.id, { price: 25, metadata: { color: "green" } })
      yield* Availabilities.create({ assetId: asset.id, startDate: "2031-01-01T00:00:00.000Z", endDate: "2031-02-01T00:00:00.000Z", quantity: 0 })
      const preview = yield* Transactions.preview({ assetId: asset.id, startDate: "2031-03-01T00:00:00.000Z", duration: { d: 2 } })
      assert.strictEqual(preview.assetId, asset.id)
      const transaction = yield* Transactions.create({
        assetId: asset.id,
        startDate: "2031-03-01T00:00:00.000Z",
        duration: { d: 2 },
        takerId: demo.users.chloe.id
      })
      yield* Transactions.createTransition(transaction.id, { name: "accept" })
      yield* Orders.preview({ transactionIds: [transaction.id] })
      yield* Messages.create({ topicId: transaction.id, content: "Hello", receiverId: demo.users.alice.id, senderId: demo.users.chloe.id })
      yield* Ratings.create({ score: 80, targetId: demo.users.alice.id, authorId: demo.users.chloe.id, transactionId: transaction.id })
      yield* Events.create({ type: "canoe_checked" })
      yield* Categories.create({ name: "Boats", parentId: demo.categories.outdoor })
      yield* CustomAttributes.create({ name: "canoeSeats", type: "number" })
      yield* Documents.create({ type: "invoice", data: { total: 40 } })
      // entries are unique per locale and name across collections (the demo has en "home")
      yield* Entries.create({ collection: "site", locale: "en", name: "landing", fields: { title: "Hi" } })
      yield* Tasks.create({ eventType: "reminder", executionDate: "2031-01-01T00:00:00.000Z" })
      yield* Webhooks.create({ name: "Hook", targetUrl: "https://example.com/hook", event: "asset__created" })
      // biome-ignore lint/suspicious/noTemplateCurlyInString: `${asset.id}` is a Stelace workflow placeholder, which the server fills in
      yield* Workflows.create({ name: "Flow", event: "asset__created", run: [{ endpointMethod: "PATCH", endpointUri: "/assets/${asset.id}" }] })
      yield* ApiKeys.create({ name: "Back office", type: "custom", roles: ["dev"] })
      yield* Roles.create({ name: "Auditor", value: "auditor", permissions: ["asset:list:all"] })
      yield* SavedSearches.create({ name: "Canoes", query: "canoe", userId: demo.users.chloe.id })
      const user = yield* Users.create({ username: "eve@example.com", password: "long-password", displayName: "Eve" })
      yield* Users.joinOrganizationOrUpdateRights(user.id, demo.organizations.lyonRentals, { roles: ["user"] })
      yield* Users.removeFromOrganization(user.id, demo.organizations.lyonRentals)
      const removed = yield* Assets.remove(asset.id)
      assert.strictEqual(removed.id, asset.id)
    }).pipe(Effect.provide(decodingClient(demo.secretApiKey))))

  it.effect("logs in and checks the session", () =>
    Effect.gen(function*() {
      const tokens = yield* Auth.login({ username: demo.users.alice.username, password: demo.users.alice.password })
      assert.strictEqual(tokens.userId, demo.users.alice.id)
      yield* Auth.check({ apiKey: demo.publishableApiKey })
      yield* Auth.logout()
    }).pipe(Effect.provide(decodingClient(demo.publishableApiKey))))
})
