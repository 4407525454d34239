// CPU per call of a list call from Node, for stelace@0.14.0, this package (Promise facade, and the
// Effect API over layerNode and layerFetch) and bare node:http (keep-alive agent + JSON.parse), all
// against one local HTTP server in its own process answering a page of 20 realistic assets
// (about 14 KB). The client process's CPU time (user + system, `process.cpuUsage`) is divided by
// the number of calls; rounds alternate between the clients so that they share the machine's
// state, and the median round is reported. Then a memory line: the facade's heap after 1k and 100k
// calls (after a full GC). Every ratio is against a reference measured in this same run.
//
//   npm run bench:speed                 (builds first)
//   node --expose-gc bench/speed.mjs [--rounds 7] [--calls 2000]
import { spawn } from "node:child_process"
import * as http from "node:http"
import { createRequire } from "node:module"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { Assets, createInstance, Stelace, TokenStore } from "stelace-effect"

const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`)
  return index === -1 ? fallback : Number(process.argv[index + 1])
}
const rounds = arg("rounds", 7)
const sequentialCalls = arg("calls", 2000)
const concurrentCalls = sequentialCalls * 2
const inFlight = 100

const serverSource = `
  const http = require("node:http")
  const asset = (i) => ({
    id: "ast_" + i.toString(36).padStart(20, "0"), name: "City bike " + i,
    description: "A sturdy city bike with a basket, lights and a lock, ready for a day around town.",
    ownerId: "usr_WHlfQps1I3a1gJYz2I3a", categoryId: "ctgy_ejQQps1I3a1gJYz2I3a", validated: true, active: true,
    locations: [{ latitude: 48.8566 + i / 1000, longitude: 2.3522 }], assetTypeId: "typ_MGsfQps1I3a1gJYz2I3a",
    quantity: 1, price: 10 + i, deposit: 150, currency: "EUR",
    customAttributes: { size: "M", electric: i % 2 === 0 },
    metadata: { images: [{ url: "https://example.com/bikes/" + i + ".jpg" }], rating: 4.5 },
    platformData: {}, createdDate: "2018-03-27T21:54:34.233Z", updatedDate: "2018-04-06T16:04:39.331Z", livemode: false
  })
  const body = JSON.stringify({ results: Array.from({ length: 20 }, (_, i) => asset(i)), nbResults: 20, nbPages: 1, page: 1, nbResultsPerPage: 20 })
  const server = http.createServer((request, response) => {
    request.resume()
    request.on("end", () => {
      response.writeHead(200, { "content-type": "application/json; charset=utf-8", "x-request-id": "6d1f5b0a-3c8e-4a7e-9f51-1c2d3e4f5a6b" })
      response.end(body)
    })
  })
  server.keepAliveTimeout = 60000
  server.listen(0, "127.0.0.1", () => console.log(server.address().port + " " + Buffer.byteLength(body)))`
const server = spawn(process.execPath, ["-e", serverSource], { stdio: ["ignore", "pipe", "inherit"] })
const [port, bodySize] = await new Promise((resolve) =>
  server.stdout.once("data", (data) => resolve(String(data).trim().split(" ").map(Number)))
)

const apiKey = "pubk_test_wakWA41rBTUXs1Y5pNRjeY5o"
const options = { apiKey, host: "127.0.0.1", port, protocol: "http" }
const theirs = createRequire(import.meta.url)("stelace").createInstance({ apiKey })
theirs.setHost("127.0.0.1", port, "http")
const ours = createInstance(options)
const overNode = ManagedRuntime.make(Stelace.layerNode(options).pipe(Layer.provide(TokenStore.memory)))
const overFetch = ManagedRuntime.make(Stelace.layerFetch(options).pipe(Layer.provide(TokenStore.memory)))

const agent = new http.Agent({ keepAlive: true })
const bare = () =>
  new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port, path: "/assets?nbResultsPerPage=20", method: "GET", agent, headers: { accept: "application/json" } },
      (response) => {
        let text = ""
        response.setEncoding("utf8")
        response.on("data", (chunk) => (text += chunk))
        response.on("end", () => resolve(JSON.parse(text)))
        response.on("error", reject)
      }
    )
    request.on("error", reject)
    request.end()
  })

const query = { nbResultsPerPage: 20 }
const clients = {
  "bare node:http + JSON.parse": bare,
  "stelace@0.14.0": () => theirs.assets.list(query),
  "stelace-effect (createInstance)": () => ours.assets.list(query),
  "stelace-effect (Effect, layerNode)": () => overNode.runPromise(Assets.list(query)),
  "stelace-effect (Effect, layerFetch)": () => overFetch.runPromise(Assets.list(query))
}

/** Client CPU microseconds per call over `total` calls, `concurrency` at a time. */
const measure = async (call, total, concurrency) => {
  let next = 0
  const worker = async () => {
    while (next < total) {
      next++
      await call()
    }
  }
  const before = process.cpuUsage()
  await Promise.all(Array.from({ length: concurrency }, worker))
  const used = process.cpuUsage(before)
  return (used.user + used.system) / total
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

for (const call of Object.values(clients)) await measure(call, 1000, 10) // warm-up (JIT, connections)

const modes = [["sequential", sequentialCalls, 1], [`${inFlight} in flight`, concurrentCalls, inFlight]]
const samples = {}
for (let round = 0; round < rounds; round++) {
  for (const [mode, total, concurrency] of modes) {
    // alternate the order too, so no client always runs right after the same one
    const names = Object.keys(clients)
    if (round % 2 === 1) names.reverse()
    for (const name of names) {
      ;(samples[`${mode}|${name}`] ??= []).push(await measure(clients[name], total, concurrency))
    }
  }
}

console.log(`Client CPU per list call (20 assets, ${(bodySize / 1024).toFixed(1)} KB) from Node ${process.version}, median of ${rounds} alternating rounds`)
for (const [mode] of modes) {
  const reference = median(samples[`${mode}|stelace@0.14.0`])
  const floor = median(samples[`${mode}|bare node:http + JSON.parse`])
  for (const name of Object.keys(clients)) {
    const cpu = median(samples[`${mode}|${name}`])
    const spread = samples[`${mode}|${name}`].map((v) => v / reference)
    console.log(
      `${mode.padEnd(14)} ${name.padEnd(36)} ${cpu.toFixed(0).padStart(5)} µs/call  ` +
        `vs stelace@0.14.0 ${(cpu / reference).toFixed(2)} (rounds ${Math.min(...spread).toFixed(2)}-${Math.max(...spread).toFixed(2)})  ` +
        `vs bare ${(cpu / floor).toFixed(2)}`
    )
  }
}

if (typeof globalThis.gc === "function") {
  const heapAfter = async (calls) => {
    for (let done = 0; done < calls; done += inFlight) await Promise.all(Array.from({ length: inFlight }, () => ours.assets.list(query)))
    globalThis.gc()
    globalThis.gc()
    return process.memoryUsage().heapUsed
  }
  const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`
  const first = await heapAfter(1_000)
  const later = await heapAfter(99_000)
  console.log(`memory (createInstance, ${inFlight} in flight): heap ${mb(first)} after 1k calls, ${mb(later)} after 100k calls`)
} else {
  console.log("memory: run with node --expose-gc for the heap line")
}

await ours.dispose()
await overNode.dispose()
await overFetch.dispose()
agent.destroy()
server.kill()
