/**
 * An Effect program against Stelace: an owner logs in, counts their assets across pages,
 * accepts the booking requests waiting for them, and looks for an asset that may not exist.
 * Its configuration comes from the environment through effect's `Config`, and every failure is
 * typed: the program handles the one it expects and lets the others end it.
 */
import * as Config from "effect/Config"
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as Stream from "effect/Stream"
import * as Assets from "stelace-effect/Assets"
import * as Auth from "stelace-effect/Auth"
import * as Stelace from "stelace-effect/Stelace"
import * as TokenStore from "stelace-effect/TokenStore"
import * as Transactions from "stelace-effect/Transactions"

// the local backend of `npm start` in the repository's root, unless the environment says otherwise
const apiUrl = Config.URL("STELACE_API_URL").pipe(Config.withDefault(new URL("http://127.0.0.1:4100")))

const StelaceLive = Stelace.layerConfig({
  apiKey: Config.Redacted("STELACE_API_KEY").pipe(Config.withDefault(Redacted.make("pubk_test_LocalStelacePublicKey0001"))),
  host: Config.map(apiUrl, (url) => url.hostname),
  port: Config.map(apiUrl, (url) => (url.port === "" ? undefined : Number(url.port))),
  protocol: Config.map(apiUrl, (url) => url.protocol.slice(0, -1))
}).pipe(Layer.provide([Stelace.layerNodeHttpClient, TokenStore.memory]))

const credentials = Config.all({
  username: Config.String("STELACE_USERNAME").pipe(Config.withDefault("bruno@example.com")),
  password: Config.Redacted("STELACE_PASSWORD").pipe(Config.withDefault(Redacted.make("bruno-password")))
})

const program = Effect.gen(function*() {
  const { username, password } = yield* credentials
  const { userId } = yield* Auth.login({ username, password: Redacted.value(password) })
  yield* Console.log(`Logged in as ${username} (${userId})`)

  // every asset the owner has, two a page: the stream fetches pages as it goes
  const owned = yield* Assets.paginate({ ownerId: userId, nbResultsPerPage: 2 }).pipe(Stream.runCollect)
  yield* Console.log(`Owns ${owned.length} assets: ${owned.map((asset) => asset.name).join(", ")}`)

  // the requests waiting for the owner, accepted one by one
  const requests = yield* Transactions.list({ ownerId: userId })
  const waiting = requests.results.filter((transaction) => transaction.status === "draft")
  for (const request of waiting) {
    const accepted = yield* Transactions.createTransition(request.id, { name: "accept" })
    yield* Console.log(`Accepted ${accepted.id}: now ${accepted.status}`)
  }
  if (waiting.length === 0) yield* Console.log("No request waiting")

  // a missing asset is an answer here, not a failure: only that reason is caught
  const missing = yield* Assets.read("ast_doesNotExist").pipe(
    Effect.catchReason("ServerError", "NotFound", () => Effect.succeed(undefined))
  )
  yield* Console.log(`ast_doesNotExist: ${missing === undefined ? "not found" : missing.name}`)

  yield* Auth.logout()
})

await Effect.runPromise(program.pipe(Effect.provide(StelaceLive)))
