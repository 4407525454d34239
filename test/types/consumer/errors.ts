/**
 * The error types a strict TypeScript user sees, in an app that does not register decoding.
 * Compiled by test/types/consumer.test.ts, never run; each `@ts-expect-error` line is checked to
 * fail for the reason it states.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Stream from "effect/Stream"
import { Assets, Auth, type Forward, type ServerErrorReason, StelaceError, Stelace, type Transactions } from "stelace-effect"
import * as Schemas from "stelace-effect/Schemas"

type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false
type TagsOf<X> = X extends Effect.Effect<any, infer E, any> ? E extends { readonly _tag: infer T } ? T : never
  : X extends Stream.Stream<any, infer E, any> ? E extends { readonly _tag: infer T } ? T : never
  : never

type Always = "InvalidArgument" | "ServerError" | "NetworkError" | "MalformedResponse" | "HookError"

// a route with a user session: what any call fails with, and SessionExpired (a refused refresh)
export const read: Equals<TagsOf<ReturnType<typeof Assets.read>>, Always | "SessionExpired"> = true
export const pages: Equals<TagsOf<ReturnType<typeof Transactions.paginate>>, Always | "SessionExpired"> = true
// auth routes never refresh first: no SessionExpired
export const login: Equals<TagsOf<ReturnType<typeof Auth.login>>, Always> = true
export const logout: Equals<TagsOf<ReturnType<typeof Auth.logout>>, Always> = true
// the code exchange is an auth route too, and adds the typed refusal of its code
export const loginWithCode: Equals<TagsOf<ReturnType<typeof Auth.loginWithCode>>, Always | "AuthorizationCodeError"> = true
export const logoutFromProvider: Equals<TagsOf<ReturnType<typeof Auth.logoutFromProvider>>, Always> = true
export const codeRefused = Auth.loginWithCode("code").pipe(
  Effect.catchReasons("AuthorizationCodeError", {
    Expired: (_, error) => Effect.succeed(error.statusCode),
    AlreadyUsed: () => Effect.succeed(422),
    Invalid: () => Effect.succeed(422)
  })
)
// @ts-expect-error "Stale" is not a reason of AuthorizationCodeError
export const stale = Auth.loginWithCode("code").pipe(Effect.catchReason("AuthorizationCodeError", "Stale", () => Effect.void))
// forwarded calls are never decoded
export const forwarded: Equals<TagsOf<ReturnType<typeof Forward.get>>, Always | "SessionExpired"> = true

// Effect.catchReason on each error with reasons, the reason and the error typed
export const notFound = Assets.read("ast_1").pipe(
  Effect.catchReason("ServerError", "NotFound", (reason, error) => Effect.succeed(`${reason._tag} ${error.statusCode}`))
)
export const rateLimited = Assets.list().pipe(
  Effect.catchReason("ServerError", "RateLimited", (reason) => Effect.succeed(reason.retryAfter ?? 1))
)
export const network = Assets.list().pipe(
  Effect.catchReasons("NetworkError", {
    Timeout: (_, error) => Effect.succeed(error.url),
    Refused: () => Effect.succeed("down")
  })
)
export const hook = Assets.list().pipe(Effect.catchReason("HookError", "Timeout", (_, error) => Effect.succeed(error.hook)))
export const unwrapped = Assets.read("ast_1").pipe(
  Effect.unwrapReason("ServerError"),
  Effect.catchTags({ NotFound: () => Effect.succeed(undefined), Forbidden: () => Effect.succeed(undefined) })
)
export const reasonTags: ServerErrorReason["_tag"] = "Validation"

// @ts-expect-error "Teapot" is not a reason of ServerError
export const teapot = Assets.list().pipe(Effect.catchReason("ServerError", "Teapot", () => Effect.void))

// @ts-expect-error a login cannot fail with SessionExpired, so there is none to catch
export const loginExpired = Auth.login({ username: "u", password: "p" }).pipe(Effect.catchTag("SessionExpired", () => Effect.void))

// @ts-expect-error decoding is not registered, so no route fails with DecodeError
export const undecoded = Assets.read("ast_1").pipe(Effect.catchTag("DecodeError", () => Effect.void))

// @ts-expect-error layerDecoding is not a layer until decoding is registered
export const decoding = Stelace.layerFetch({ apiKey: "pubk_test_x" }).pipe(Layer.provide(Schemas.layerDecoding))

// instanceof StelaceError narrows to the union of the errors
export const describe = (u: unknown): string => (u instanceof StelaceError ? `${u._tag}: ${u.message}` : "not ours")
