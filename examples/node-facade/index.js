// A Node script on the Promise facade: the code a stelace.js app already has, typed and with
// typed errors. It logs in as an owner, walks their assets page after page, searches, and reads
// an asset that does not exist.
//
//   STELACE_API_URL=https://api.stelace.com STELACE_API_KEY=pubk_... npm start
//
// Without them it talks to the local backend of `npm start` in the repository's root.
import { createInstance, ServerError } from "stelace-effect"

const api = new URL(process.env.STELACE_API_URL ?? "http://127.0.0.1:4100")
const stelace = createInstance({
  apiKey: process.env.STELACE_API_KEY ?? "pubk_test_LocalStelacePublicKey0001",
  host: api.hostname,
  port: api.port === "" ? undefined : Number(api.port),
  protocol: api.protocol.slice(0, -1)
})

const username = process.env.STELACE_USERNAME ?? "alice@example.com"
const password = process.env.STELACE_PASSWORD ?? "alice-password"
const { userId } = await stelace.auth.login({ username, password })
console.log(`Logged in as ${username} (${userId})`)

// every asset the user owns: pages are fetched as the loop asks for them
const owned = []
for await (const asset of stelace.assets.paginate({ ownerId: userId, nbResultsPerPage: 2 })) {
  owned.push(`${asset.name} (${asset.price} ${asset.currency ?? ""})`)
}
console.log(`Owns ${owned.length} assets: ${owned.join(", ")}`)

const found = await stelace.search.results({ query: "bike", nbResultsPerPage: 3 })
console.log(`Search "bike": ${found.paginationMeta.nbResults} results, first: ${found[0]?.name ?? "none"}`)

try {
  await stelace.assets.read("ast_doesNotExist")
} catch (error) {
  if (!(error instanceof ServerError)) throw error
  console.log(`Reading a missing asset: ServerError ${error.statusCode} (${error.reason._tag})`)
}

await stelace.auth.logout()
await stelace.dispose()
