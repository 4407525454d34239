// Throughput of list calls from a Node server: stelace@0.14.0, this package's facade, and its
// Effect API over each transport, against a local HTTP server (its own process) answering a page
// of 20 assets. Sequential calls measure the per-call cost; 50 in flight, the cost under load.
// Prints calls per second and the ratio to stelace@0.14.0, all measured in this run (best of 3
// interleaved rounds). Run `npm run build` first (npm run bench:speed does).
import { spawn } from "node:child_process"
import { createRequire } from "node:module"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { Assets, createInstance, Stelace, TokenStore } from "stelace-effect"

const serverSource = `
  const http = require("node:http")
  const asset = (i) => ({ id: "ast_" + i, name: "Asset " + i, price: 10 + i, metadata: {}, platformData: {}, locations: [] })
  const body = JSON.stringify({ results: Array.from({ length: 20 }, (_, i) => asset(i)), nbResults: 20, nbPages: 1, page: 1, nbResultsPerPage: 20 })
  const server = http.createServer((request, response) => {
    request.resume()
    request.on("end", () => {
      response.writeHead(200, { "content-type": "application/json", "x-request-id": "req_1" })
      response.end(body)
    })
  })
  server.listen(0, "127.0.0.1", () => console.log(server.address().port))`
const server = spawn(process.execPath, ["-e", serverSource], { stdio: ["ignore", "pipe", "inherit"] })
const port = await new Promise((resolve) => server.stdout.once("data", (data) => resolve(Number(String(data).trim()))))

const apiKey = "pubk_test_wakWA41rBTUXs1Y5pNRjeY5o"
const options = { apiKey, host: "127.0.0.1", port, protocol: "http" }
const theirs = createRequire(import.meta.url)("stelace").createInstance({ apiKey })
theirs.setHost("127.0.0.1", port, "http")
const ours = createInstance(options)
const overNode = ManagedRuntime.make(Stelace.layerNode(options).pipe(Layer.provide(TokenStore.memory)))
const overFetch = ManagedRuntime.make(Stelace.layerFetch(options).pipe(Layer.provide(TokenStore.memory)))

const query = { nbResultsPerPage: 20 }
const clients = {
  "stelace@0.14.0": () => theirs.assets.list(query),
  "stelace-effect (createInstance)": () => ours.assets.list(query),
  "stelace-effect (Effect, layerNode)": () => overNode.runPromise(Assets.list(query)),
  "stelace-effect (Effect, layerFetch)": () => overFetch.runPromise(Assets.list(query))
}

const measure = async (call, total, concurrency) => {
  let next = 0
  const worker = async () => {
    while (next < total) {
      next++
      await call()
    }
  }
  const start = performance.now()
  await Promise.all(Array.from({ length: concurrency }, worker))
  return total / ((performance.now() - start) / 1000)
}

const rounds = 3
const results = {}
for (const call of Object.values(clients)) await measure(call, 500, 10) // warm-up
for (const [label, total, concurrency] of [["sequential", 2000, 1], ["50 concurrent", 4000, 50]]) {
  for (let round = 0; round < rounds; round++) {
    for (const [name, call] of Object.entries(clients)) {
      const key = `${label}|${name}`
      results[key] = Math.max(results[key] ?? 0, await measure(call, total, concurrency))
    }
  }
}

console.log(`List calls per second from Node against a local server (best of ${rounds} rounds)`)
for (const label of ["sequential", "50 concurrent"]) {
  const reference = results[`${label}|stelace@0.14.0`]
  for (const name of Object.keys(clients)) {
    const rate = results[`${label}|${name}`]
    console.log(`${label.padEnd(14)} ${name.padEnd(37)} ${rate.toFixed(0).padStart(6)} /s  ratio ${(rate / reference).toFixed(2)}`)
  }
}

await ours.dispose()
await overNode.dispose()
await overFetch.dispose()
server.kill()
