/**
 * Platform-wide routes: configuration, signals, batches and emails.
 *
 * `POST /signal` delivers to the clients connected to the `/signal` socket (src/testing/signal). Sent
 * emails are kept in the backend's `email` collection (not exposed by the API) for tests to read.
 */
import * as Effect from "effect/Effect"
import { type ApiError, forbidden, notFound, RawResponse, unprocessable } from "./ApiError.js"
import { asset } from "./Families.js"
import * as R from "./Resources.js"
import { can, type RequestContext, route, type Route } from "./Route.js"
import { prepareConnections } from "./Sso.js"
import { type Doc, jsonbMerge, newId } from "./Store.js"
import { user } from "./Users.js"
import * as V from "./Validation.js"
import { PLATFORM_CHANNEL } from "../signal/Rooms.js"

/** The public configuration as `GET /config` shows it (no `livemode`: it is not an object of the API). */
const showConfig = (ctx: RequestContext): Doc => ({
  stelace: ctx.store.config.stelace ?? {},
  custom: ctx.store.config.custom ?? {},
  theme: ctx.store.config.theme ?? {}
})

const showPrivateConfig = (ctx: RequestContext): Doc => ({ stelace: ctx.store.privateConfig.stelace ?? {} })

const rolesList = () => V.nullable(V.array(V.string()))

const configBody = V.required(V.object({
  stelace: V.object({
    roles: V.object({ whitelist: rolesList(), default: rolesList() }),
    tokenCheckRedirectUrl: V.nullable(V.string({ empty: true })),
    search: V.object({ maxDistance: V.nullable(V.integer({ min: 1 })) }),
    instant: V.object({
      serviceName: V.nullable(V.string({ empty: true })),
      logoUrl: V.nullable(V.string({ empty: true })),
      locale: V.string(),
      currency: V.string(),
      assetsInUniqueCountry: V.nullable(V.string()),
      assetsInUniqueCountryActive: V.boolean()
    }, { unknown: true })
  }, { unknown: true }),
  custom: V.record(),
  theme: V.record()
}))

const privateConfigBody = V.required(V.object({
  stelace: V.object({
    stelaceAuthRefreshTokenExpiration: V.nullable(V.object({
      m: V.integer({ min: 1 }),
      h: V.integer({ min: 1 }),
      d: V.integer({ min: 1 })
    }, { length: 1 })),
    // checked, connection by connection, with the handler (Sso.ts)
    ssoConnections: V.record(),
    email: V.nullable(V.record())
  }, { unknown: true })
}))

/** Roles a configuration may name: no `dev`, and only roles that exist. */
const checkConfigRoles = (ctx: RequestContext): Effect.Effect<void, ApiError> => {
  const whitelist: ReadonlyArray<string> | null | undefined = ctx.body.stelace?.roles?.whitelist
  const defaults: ReadonlyArray<string> | null | undefined = ctx.body.stelace?.roles?.default
  if (whitelist?.includes("dev")) return Effect.fail(unprocessable("Cannot whitelist the role \"dev\""))
  if (defaults?.includes("dev")) return Effect.fail(unprocessable("Cannot include the role \"dev\" into default roles"))
  const known = new Set(ctx.store.all("role").map((role) => role.value))
  const unknownWhitelist = (whitelist ?? []).filter((role) => !known.has(role))
  if (unknownWhitelist.length > 0) return Effect.fail(unprocessable(`Invalid whitelist roles: ${unknownWhitelist.join(", ")}`))
  const unknownDefaults = (defaults ?? []).filter((role) => !known.has(role))
  if (unknownDefaults.length > 0) return Effect.fail(unprocessable(`Invalid default roles: ${unknownDefaults.join(", ")}`))
  return Effect.void
}

/** Deep-merges a configuration patch; the refresh token lifetime is replaced, not merged. */
const mergeConfig = (current: Doc, patch: Doc): Doc => {
  const merged = { ...current }
  for (const [key, value] of Object.entries(patch)) merged[key] = jsonbMerge(current[key] ?? {}, value)
  const expiration = patch.stelace?.stelaceAuthRefreshTokenExpiration
  if (expiration !== undefined) merged.stelace.stelaceAuthRefreshTokenExpiration = structuredClone(expiration)
  return merged
}

/** POST /batch: PATCHes up to 100 assets or users, answering raw (no request id), with the first failure's status. */
const batch = Effect.fnUntraced(function*(ctx: RequestContext) {
  const started = ctx.now
  const family = ctx.body.objectType === "asset" ? asset : user
  const completed: Array<string> = []
  const errors: Array<Doc> = []
  for (const object of ctx.body.objects as Array<Doc>) {
    const checked = V.validate(object.payload, family.update!, "payload")
    const outcome = checked.details.length > 0
      ? Effect.fail(V.validationError(checked.details))
      : R.update(family, { ...ctx, params: { id: object.objectId }, body: checked.value as Doc })
    const result = yield* Effect.result(outcome as Effect.Effect<unknown, ApiError>)
    if (result._tag === "Success") completed.push(object.objectId)
    else {
      errors.push({
        objectId: object.objectId,
        error: { message: result.failure.message, statusCode: result.failure.statusCode, data: result.failure.data }
      })
    }
  }
  const status = errors[0]?.error.statusCode ?? 200
  return new RawResponse(status, { "content-type": "application/json" }, {
    processingTime: ctx.now - started,
    success: errors.length === 0,
    completed,
    errors
  })
})

const emailAddress = V.alternatives([
  V.string(),
  V.object({ name: V.string({ empty: true }), address: V.required(V.string()) }),
  V.array(V.alternatives([V.string(), V.object({ name: V.string({ empty: true }), address: V.required(V.string()) })]))
])

/** Emails need an SMTP host in the private config (`stelace.email.host`), as on the real server; they are kept, not sent. */
const recordEmail = (ctx: RequestContext, kind: string) =>
  Effect.suspend(() => {
    if (!ctx.store.privateConfig.stelace?.email?.host) return Effect.fail(unprocessable("Missing email config"))
    ctx.store.put("email", { id: newId("eml"), createdDate: ctx.store.timestamp(ctx.now), kind, ...ctx.body })
    return Effect.succeed({ success: true })
  })

/** The platform routes. */
export const routes: ReadonlyArray<Route> = [
  route("GET", "/config", { permissions: ["config:read", "config:read:all"], cache: true }, (ctx) =>
    Effect.succeed(showConfig(ctx))),
  route("PATCH", "/config", { permissions: ["config:edit", "config:edit:all"], body: configBody }, (ctx) =>
    checkConfigRoles(ctx).pipe(Effect.map(() => {
      ctx.store.config = mergeConfig(ctx.store.config, ctx.body)
      return showConfig(ctx)
    }))),
  route("GET", "/config/private", { permissions: ["config:read:all"] }, (ctx) => Effect.succeed(showPrivateConfig(ctx))),
  route("PATCH", "/config/private", { permissions: ["config:edit:all"], body: privateConfigBody }, (ctx) =>
    prepareConnections(ctx.body).pipe(Effect.map(() => {
      ctx.store.privateConfig = mergeConfig(ctx.store.privateConfig, ctx.body)
      return showPrivateConfig(ctx)
    }))),
  route("GET", "/config/system", { auth: "system" }, () => Effect.fail(forbidden())),
  route("PATCH", "/config/system", { auth: "system" }, () => Effect.fail(forbidden())),
  // delivered to the clients connected to `/signal` (src/testing/signal)
  route("POST", "/signal", {
    body: V.object({ message: V.any(), destination: V.string(), event: V.string() })
  }, (ctx) => {
    const { destination, message } = ctx.body
    const event = ctx.body.event ?? "signal"
    if (destination === undefined && !can(ctx.access, "signal:create:all")) return Effect.fail(forbidden())
    const channel = destination ?? PLATFORM_CHANNEL
    if (destination !== undefined && !ctx.store.signalRooms.has(channel)) {
      return Effect.fail(notFound(`Signal destination '${destination}' not found`))
    }
    return Effect.sync(() => {
      ctx.store.signalRooms.emit(channel, event, { message, event, env: "test" })
      return { message, destination, event, env: "test" }
    })
  }),
  route("POST", "/batch", {
    body: V.required(V.object({
      objectType: V.required(V.string({ valid: ["asset", "user"] })),
      method: V.required(V.string({ valid: ["PATCH"] })),
      objects: V.required(V.array(V.object({ objectId: V.required(V.string()), payload: V.required(V.record()) }), {
        max: 100
      }))
    }))
  }, batch),
  route("POST", "/emails/send", {
    permissions: ["email:send:all"],
    body: V.required(V.object({
      html: V.string({ empty: true }),
      text: V.string({ empty: true }),
      from: emailAddress,
      to: emailAddress,
      toEmail: V.string(),
      toName: V.string({ empty: true }),
      subject: V.string({ empty: true }),
      replyTo: emailAddress,
      headers: V.record()
    }, { xor: [["to", "toEmail"]] }))
  }, (ctx) => recordEmail(ctx, "send")),
  route("POST", "/emails/send-template", {
    permissions: ["email:send:all"],
    body: V.required(V.object({
      name: V.required(V.string()),
      data: V.record(),
      locale: V.string(),
      currency: V.string(),
      timezone: V.string(),
      from: emailAddress,
      to: V.required(emailAddress),
      replyTo: emailAddress,
      subject: V.string({ empty: true })
    }))
  }, (ctx) => recordEmail(ctx, "template"))
]
