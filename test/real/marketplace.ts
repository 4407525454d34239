/**
 * The marketplace flow against the real server, written against the stelace.js 0.14.0 surface
 * (`createInstance`, resources, `auth`), so it runs through our facade and through stelace@0.14.0.
 *
 * Each step asserts what the server must answer and records what the SDK gave back (results,
 * pagination metadata, status codes, errors) in a transcript; `normalize` replaces ids, dates,
 * tokens and the run's unique names, so the transcripts of two SDKs can be compared as they are.
 */
import { describe, expect, it } from "vitest"
import { realServer } from "./server.js"
import { memoryTokenStore, runId } from "./support.js"

/** An SDK instance with the stelace.js 0.14.0 surface (loosely typed: two SDKs go through it). */
export type SdkInstance = any

/** How to build an instance of one SDK against the real server. */
export interface SdkFactory {
  readonly name: string
  readonly create: (options: { readonly apiKey: string; readonly tokenStore: ReturnType<typeof memoryTokenStore> }) => SdkInstance
}

/** What an SDK gave back at each step, in order. */
export type Transcript = Array<{ readonly step: string; readonly value: unknown }>

/** What a call gave: the result (with the hidden `paginationMeta` and status), or the error's fields. */
const outcome = async (call: () => Promise<any>): Promise<unknown> => {
  try {
    const result = await call()
    return {
      result,
      ...(result?.paginationMeta === undefined ? {} : { paginationMeta: result.paginationMeta }),
      statusCode: result?.lastResponse?.statusCode
    }
  } catch (error: any) {
    return { error: { statusCode: error?.statusCode, message: error?.message, data: error?.data } }
  }
}

const ID = /^[a-z]+_[A-Za-z0-9]{16,}$/
const DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/
const JWT = /^[\w-]+\.[\w-]+\.[\w-]+$/

/**
 * A transcript with ids numbered by first appearance, dates, tokens and refresh tokens replaced,
 * and the run's suffix removed from names.
 */
export const normalize = (transcript: Transcript, run: string): unknown => {
  const ids = new Map<string, string>()
  const walk = (value: unknown, key?: string): unknown => {
    if (typeof value === "string") {
      if (ID.test(value)) {
        if (!ids.has(value)) ids.set(value, `<id ${ids.size + 1}>`)
        return ids.get(value)
      }
      if (DATE.test(value)) return "<date>"
      if (JWT.test(value)) return "<jwt>"
      if (key === "refreshToken") return "<refresh token>"
      return value.split(run).join("<run>")
    }
    if (Array.isArray(value)) return value.map((item) => walk(item))
    if (value !== null && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([name, item]) => [walk(name), walk(item, name)]))
    }
    return value
  }
  return walk(transcript)
}

/** The state the steps share. */
interface Flow {
  run: string
  transcript: Transcript
  admin: SdkInstance
  owner: SdkInstance
  taker: SdkInstance
  ids: Record<string, string>
}

const day = (date: string) => `${date}T00:00:00.000Z`

/**
 * Declares the flow for one SDK; `done(run, transcript)` receives its transcript at the end (the
 * comparison of two SDKs is a test of its own).
 */
export const describeMarketplace = (factory: SdkFactory, done: (run: string, transcript: Transcript) => void) =>
  describe(`the marketplace flow through ${factory.name}`, () => {
    const server = realServer()
    const client = (key: "secret" | "publishable") =>
      factory.create({
        apiKey: key === "secret" ? server.secretApiKey : server.publishableApiKey,
        tokenStore: memoryTokenStore()
      })
    const flow: Flow = {
      run: runId(),
      transcript: [],
      admin: client("secret"),
      owner: client("publishable"),
      taker: client("publishable"),
      ids: {}
    }
    const step = async (name: string, call: () => Promise<any>) => {
      const value = await outcome(call)
      flow.transcript.push({ step: name, value })
      return value as { result?: any; paginationMeta?: any; statusCode?: number; error?: any }
    }

    it("sets up the catalogue with the secret key", async () => {
      const type = await step("asset type", () =>
        flow.admin.assetTypes.create({
          name: `Daily ${flow.run}`,
          isDefault: false,
          timeBased: true,
          infiniteStock: false,
          pricing: { ownerFeesPercent: 5, takerFeesPercent: 10 },
          timing: { timeUnit: "d", minDuration: { d: 1 } }
        }))
      expect(type.result).toMatchObject({ timeBased: true, pricing: { ownerFeesPercent: 5, takerFeesPercent: 10 } })
      flow.ids.type = type.result.id
      const category = await step("category", () => flow.admin.categories.create({ name: `Boats ${flow.run}` }))
      flow.ids.category = category.result.id
      const types = await step("asset types listed", () => flow.admin.assetTypes.list())
      // a plain array under 2019-05-20: no pagination metadata
      expect(Array.isArray(types.result)).toBe(true)
      expect(types.result.map((item: any) => item.id)).toContain(flow.ids.type)
      flow.transcript.pop() // other runs' asset types are listed too
    })

    it("signs up an owner and a taker, who log in", async () => {
      const publicClient = client("publishable")
      for (const role of ["owner", "taker"] as const) {
        const signUp = await step(`${role} signs up`, () =>
          publicClient.users.create({ username: `${role}-${flow.run}`, password: `${role}-password`, firstname: role }))
        expect(signUp.result.id).toMatch(/^usr_/)
        flow.ids[role] = signUp.result.id
        const login = await step(`${role} logs in`, () =>
          flow[role].auth.login({ username: `${role}-${flow.run}`, password: `${role}-password` }))
        expect(login.result).toMatchObject({ tokenType: "Bearer", userId: signUp.result.id })
        expect(flow[role].getTokenStore().getTokens()).toMatchObject({ accessToken: login.result.accessToken })
      }
      const info = await step("auth info", async () => flow.owner.auth.info())
      expect(info.result).toMatchObject({ isAuthenticated: true, userId: flow.ids.owner })
      const duplicate = await step("username taken", () =>
        publicClient.users.create({ username: `owner-${flow.run}`, password: "other-password" }))
      expect(duplicate.error).toMatchObject({ statusCode: 422 })
    })

    it("lets the owner list an asset with a closed period", async () => {
      const asset = await step("owner creates an asset", () =>
        flow.owner.assets.create({
          name: `Kayak ${flow.run}`,
          assetTypeId: flow.ids.type,
          categoryId: flow.ids.category,
          price: 20,
          currency: "EUR",
          quantity: 1,
          metadata: { colour: "red" }
        }))
      expect(asset.result).toMatchObject({ ownerId: flow.ids.owner, price: 20, validated: true })
      flow.ids.asset = asset.result.id
      for (const name of ["Paddle", "Vest", "Helmet"]) {
        await step(`owner creates a ${name}`, () =>
          flow.owner.assets.create({ name: `${name} ${flow.run}`, assetTypeId: flow.ids.type, price: 5, currency: "EUR" }))
      }
      const closed = await step("owner closes a period", () =>
        flow.owner.availabilities.create({ assetId: flow.ids.asset, startDate: day("2031-04-01"), endDate: day("2031-04-10"), quantity: 0 }))
      expect(closed.result).toMatchObject({ assetId: flow.ids.asset, quantity: 0 })
      const periods = await step("availabilities listed", () => flow.owner.availabilities.list({ assetId: flow.ids.asset }))
      expect(periods.result).toHaveLength(1)
      const updated = await step("owner updates the asset", () =>
        flow.owner.assets.update(flow.ids.asset, { description: "Two seats", metadata: { seats: 2 } }))
      expect(updated.result.metadata).toEqual({ colour: "red", seats: 2 })
      const stranger = await step("the taker cannot update it", () => flow.taker.assets.update(flow.ids.asset, { price: 1 }))
      expect(stranger.error).toMatchObject({ statusCode: 403 })
      const page = await step("assets by page", () =>
        flow.admin.assets.list({ ownerId: flow.ids.owner, nbResultsPerPage: 3, page: 2, orderBy: "createdDate", order: "asc" }))
      expect(page.paginationMeta).toEqual({ nbResults: 4, nbPages: 2, page: 2, nbResultsPerPage: 3 })
      expect(page.result.map((item: any) => item.name)).toEqual([`Helmet ${flow.run}`])
    })

    it("lets the taker book: preview, fees, transitions by both parties", async () => {
      const booking = { assetId: flow.ids.asset, startDate: day("2031-05-01"), duration: { d: 3 } }
      const preview = await step("taker previews", () => flow.taker.transactions.preview(booking))
      expect(preview.result).toMatchObject({ value: 60, ownerAmount: 57, takerAmount: 66, platformAmount: 9, quantity: 1 })
      const closed = await step("booking a closed period", () =>
        flow.taker.transactions.create({ ...booking, startDate: day("2031-04-02") }))
      expect(closed.error).toMatchObject({ statusCode: 422 })
      const own = await step("the owner cannot book their own asset", () => flow.owner.transactions.create(booking))
      expect(own.error).toMatchObject({ statusCode: 422 })
      const created = await step("taker books", () => flow.taker.transactions.create(booking))
      expect(created.result).toMatchObject({ status: "draft", ownerId: flow.ids.owner, takerId: flow.ids.taker, takerAmount: 66 })
      flow.ids.transaction = created.result.id
      const wrongActor = await step("the taker cannot accept", () =>
        flow.taker.transactions.createTransition(flow.ids.transaction, { name: "accept" }))
      expect(wrongActor.error).toMatchObject({ statusCode: 403 })
      const accepted = await step("owner accepts", () =>
        flow.owner.transactions.createTransition(flow.ids.transaction, { name: "accept" }))
      expect(accepted.result.status).toBe("accepted")
      const paid = await step("taker pays", () => flow.taker.transactions.createTransition(flow.ids.transaction, { name: "pay" }))
      expect(paid.result.status).toBe("validated")
      // the real server wants a user's list filtered on themself: by asset alone is refused
      const byAsset = await step("owner lists transactions by asset", () => flow.owner.transactions.list({ assetId: flow.ids.asset }))
      expect(byAsset.error).toMatchObject({ statusCode: 403, message: "Forbidden" })
      const byOwner = await step("owner lists their transactions", () =>
        flow.owner.transactions.list({ ownerId: flow.ids.owner, assetId: flow.ids.asset }))
      expect(byOwner.result.map((item: any) => item.id)).toEqual([flow.ids.transaction])
      const completed = await step("the platform completes", () =>
        flow.admin.transactions.createTransition(flow.ids.transaction, { name: "complete" }))
      expect(completed.result.statusHistory.map((entry: any) => entry.status)).toEqual(["completed", "validated", "accepted", "draft"])
    })

    it("lets both parties talk, rate and order", async () => {
      const question = await step("taker writes", () =>
        flow.taker.messages.create({ topicId: flow.ids.transaction, receiverId: flow.ids.owner, content: "Is there a paddle?" }))
      expect(question.result).toMatchObject({ senderId: flow.ids.taker, receiverId: flow.ids.owner })
      await step("owner answers", () =>
        flow.owner.messages.create({
          topicId: flow.ids.transaction,
          receiverId: flow.ids.taker,
          content: "Yes",
          conversationId: question.result.conversationId
        }))
      const conversation = await step("owner reads the conversation", () =>
        flow.owner.messages.list({ conversationId: question.result.conversationId, order: "asc" }))
      expect(conversation.result.map((message: any) => message.content)).toEqual(["Is there a paddle?", "Yes"])

      const rating = await step("taker rates the owner", () =>
        flow.taker.ratings.create({ score: 80, comment: "Great", targetId: flow.ids.owner, assetId: flow.ids.asset, transactionId: flow.ids.transaction }))
      expect(rating.result).toMatchObject({ authorId: flow.ids.taker, score: 80 })
      const stats = await step("ratings stats", () => flow.taker.ratings.getStats({ groupBy: "targetId", targetId: flow.ids.owner }))
      expect(stats.result[0]).toMatchObject({ targetId: flow.ids.owner, avg: 80, count: 1 })

      const order = await step("taker orders", () => flow.taker.orders.create({ transactionIds: [flow.ids.transaction] }))
      expect(order.result).toMatchObject({ payerId: flow.ids.taker, amountDue: 66, currency: "EUR" })
      expect(order.result.lines).toHaveLength(2)
      const read = await step("order read", () => flow.taker.orders.read(order.result.id))
      expect(read.result.lines.map((line: any) => line.payerAmount ?? line.receiverAmount)).toHaveLength(2)
    })

    it("updates a profile and shows private fields to the user only, then logs out", async () => {
      const updated = await step("owner updates their profile", () =>
        flow.owner.users.update(flow.ids.owner, { description: "Kayaks on the Rhône" }))
      expect(updated.result).toMatchObject({ description: "Kayaks on the Rhône", firstname: "owner" })
      const seen = await step("taker reads the owner", () => flow.taker.users.read(flow.ids.owner))
      expect(seen.result.firstname).toBeUndefined()
      expect(seen.result.description).toBe("Kayaks on the Rhône")
      await step("owner logs out", () => flow.owner.auth.logout())
      expect(flow.owner.getTokenStore().getTokens()).toBeNull()
      const after = await step("auth info after logout", async () => flow.owner.auth.info())
      expect(after.result).toMatchObject({ isAuthenticated: false })
      done(flow.run, flow.transcript)
    })
  })
