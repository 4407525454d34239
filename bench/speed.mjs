// CPU per call from Node, for stelace@0.14.0, this package (Promise facade, and the Effect API over
// layerNode and layerFetch) and bare node:http (the same request with a keep-alive agent, then
// JSON.parse), all against one local HTTP server in its own process: a list answering a page of 20
// realistic assets (about 14 KB), then a read answering one small asset (about 80 B), where
// JSON.parse no longer hides the SDK's own work. Bare comes twice: with a keep-alive agent of its
// own (the floor every ratio is taken against), and through Node's global agent, as the clients
// send (keep-alive with a socket timeout): what of the package's cost over bare is the agent's.
// Then bare once more with only what the facade's contract adds to any call (a timer for the
// timeout, the request id, a hidden `lastResponse`): how much of the gap no client can avoid.
// And the request through Node's `fetch`, the floor of layerFetch on Node.
// Then what a client costs to make: CPU per createInstance and heap per live client over 20,000
// of them, against stelace@0.14.0's.
//
// Each measurement runs in a process of its own (warm-up, then the measured calls): clients never
// share a heap, a JIT state nor sockets, so none pays for another. The client process's CPU time
// (user + system, `process.cpuUsage`) is divided by the number of calls. Rounds alternate between
// the clients (in forward, then reverse order) so that they share the machine's state; the median
// round is reported, with the spread of the rounds. Then a memory line: the facade's heap after 1k
// and 100k calls (after a full GC). Every ratio is against a reference measured in this same run.
//
//   npm run bench:speed                 (builds first)
//   node bench/speed.mjs [--rounds 5] [--calls 10000]   (about 8 minutes on a 2-core machine; 5 with --rounds 3)
import { execFileSync, spawn } from "node:child_process"
import * as http from "node:http"
import { createRequire } from "node:module"
import { fileURLToPath } from "node:url"

const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`)
  return index === -1 ? fallback : process.argv[index + 1]
}
const inFlight = 100
const apiKey = "pubk_test_wakWA41rBTUXs1Y5pNRjeY5o"

/** The clients, each built in the process that measures it; `small` calls a route answering one small asset. */
const makeClients = async (port, small = false) => {
  const [Layer, ManagedRuntime, { Assets, createInstance, Stelace, TokenStore }] = await Promise.all([
    import("effect/Layer"),
    import("effect/ManagedRuntime"),
    import("stelace-effect")
  ])
  const options = { apiKey, host: "127.0.0.1", port, protocol: "http" }
  const query = { nbResultsPerPage: 20 }
  const path = small ? "/assets/ast_small" : "/assets?nbResultsPerPage=20"
  // the floor: the same request (the headers stelace@0.14.0 sends: accept, user agent, Basic
  // auth) with node:http, a keep-alive agent and JSON.parse, and nothing else
  const agent = new http.Agent({ keepAlive: true })
  const headers = {
    accept: "application/json, text/plain, */*",
    "user-agent": "Stelace/0.14.0",
    authorization: `Basic ${Buffer.from(`${apiKey}:`).toString("base64")}`
  }
  const bareWith = (agent) => () =>
    new Promise((resolve, reject) => {
      const request = http.request(
        { host: "127.0.0.1", port, path, method: "GET", agent, headers },
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
  // what the facade's contract adds to every call, and nothing else, over the floor's own agent: a
  // timer for the timeout (stelace.js's `timeout of <ms>ms exceeded`), the request id read from
  // the raw headers (as the package reads it, without Node's headers object), and the result's
  // hidden `lastResponse`; no arguments checked, no session, no retries
  const requestIdOf = (raw) => {
    for (let i = 0; i < raw.length; i += 2) if (raw[i].toLowerCase() === "x-request-id") return raw[i + 1]
    return undefined
  }
  const contract = () =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        request.destroy()
        reject(new Error("timeout of 30000ms exceeded"))
      }, 30_000)
      const request = http.request(
        { host: "127.0.0.1", port, path, method: "GET", agent, headers },
        (response) => {
          let text = ""
          response.setEncoding("utf8")
          response.on("data", (chunk) => (text += chunk))
          response.on("end", () => {
            clearTimeout(timer)
            const result = JSON.parse(text)
            const lastResponse = { requestId: requestIdOf(response.rawHeaders), statusCode: response.statusCode }
            Object.defineProperty(result, "lastResponse", { value: lastResponse, configurable: true })
            resolve(result)
          })
          response.on("error", reject)
        }
      )
      request.on("error", reject)
      request.end()
    })
  return {
    "bare node:http + JSON.parse": () => bareWith(agent),
    // the same through Node's global agent (keep-alive, and a 5 s socket timeout that drops idle
    // connections before servers do), which stelace@0.14.0 and this package's node:http transport
    // use: how much of the package's cost over bare is the agent's
    "bare, Node's global agent": () => bareWith(http.globalAgent),
    "bare + timeout and lastResponse": () => contract,
    // Node's own fetch (undici), which layerFetch sends through: what of layerFetch's cost is Node's
    "bare fetch + JSON": () => () => fetch(`http://127.0.0.1:${port}${path}`, { headers }).then((response) => response.json()),
    "stelace@0.14.0": () => {
      const theirs = createRequire(import.meta.url)("stelace").createInstance({ apiKey })
      theirs.setHost("127.0.0.1", port, "http")
      return small ? () => theirs.assets.read("ast_small") : () => theirs.assets.list(query)
    },
    "stelace-effect (createInstance)": () => {
      const ours = createInstance(options)
      return small ? () => ours.assets.read("ast_small") : () => ours.assets.list(query)
    },
    "stelace-effect (Effect, layerNode)": () => {
      const runtime = ManagedRuntime.make(Stelace.layerNode(options).pipe(Layer.provide(TokenStore.memory)))
      return small ? () => runtime.runPromise(Assets.read("ast_small")) : () => runtime.runPromise(Assets.list(query))
    },
    "stelace-effect (Effect, layerFetch)": () => {
      const runtime = ManagedRuntime.make(Stelace.layerFetch(options).pipe(Layer.provide(TokenStore.memory)))
      return small ? () => runtime.runPromise(Assets.read("ast_small")) : () => runtime.runPromise(Assets.list(query))
    }
  }
}

/** Runs `total` calls, `concurrency` at a time. */
const run = async (call, total, concurrency) => {
  let next = 0
  const worker = async () => {
    while (next < total) {
      next++
      await call()
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
}

/** Clients made in one process: CPU per `createInstance` and heap per live client (after a full GC). */
const construct = async (name) => {
  const createInstance = name === "stelace@0.14.0"
    ? createRequire(import.meta.url)("stelace").createInstance
    : (await import("stelace-effect")).createInstance
  const config = { apiKey }
  for (let i = 0; i < 2_000; i++) createInstance(config) // warm-up: JIT
  const live = []
  globalThis.gc()
  globalThis.gc()
  const heap = process.memoryUsage().heapUsed
  const before = process.cpuUsage()
  for (let i = 0; i < clientCount; i++) live.push(createInstance(config))
  const used = process.cpuUsage(before)
  globalThis.gc()
  globalThis.gc()
  process.stdout.write(JSON.stringify([(used.user + used.system) / clientCount, (process.memoryUsage().heapUsed - heap) / live.length]))
}

const clientCount = 20_000

const child = async () => {
  const [name, mode, port, calls] = [arg("client"), arg("mode"), Number(arg("port")), Number(arg("calls"))]
  if (mode === "construct") {
    await construct(name)
    process.exit(0)
  }
  const call = (await makeClients(port, arg("body") === "small"))[name]()
  if (mode === "memory") {
    const heapAfter = async (count) => {
      await run(call, count, inFlight)
      globalThis.gc()
      globalThis.gc()
      return process.memoryUsage().heapUsed
    }
    const first = await heapAfter(1_000)
    const later = await heapAfter(99_000)
    process.stdout.write(JSON.stringify([first, later]))
  } else {
    const concurrency = mode === "sequential" ? 1 : inFlight
    await run(call, 3000, concurrency) // warm-up: JIT, connections
    const before = process.cpuUsage()
    await run(call, calls, concurrency)
    const used = process.cpuUsage(before)
    process.stdout.write(String((used.user + used.system) / calls))
  }
  process.exit(0)
}

const main = async () => {
  const rounds = Number(arg("rounds", 5))
  const calls = Number(arg("calls", 10000))
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
    const small = JSON.stringify({ id: "ast_small", name: "City bike", price: 10, currency: "EUR", active: true })
    const server = http.createServer((request, response) => {
      request.resume()
      request.on("end", () => {
        response.writeHead(200, { "content-type": "application/json; charset=utf-8", "x-request-id": "6d1f5b0a-3c8e-4a7e-9f51-1c2d3e4f5a6b" })
        response.end(request.url.startsWith("/assets/ast_small") ? small : body)
      })
    })
    server.keepAliveTimeout = 60000
    server.listen(0, "127.0.0.1", () => console.log(server.address().port + " " + Buffer.byteLength(body) + " " + Buffer.byteLength(small)))`
  const server = spawn(process.execPath, ["-e", serverSource], { stdio: ["ignore", "pipe", "inherit"] })
  const [port, bodySize, smallSize] = await new Promise((resolve) =>
    server.stdout.once("data", (data) => resolve(String(data).trim().split(" ").map(Number)))
  )
  const self = fileURLToPath(import.meta.url)
  const measure = (name, mode, body = "large") =>
    JSON.parse(execFileSync(process.execPath, ["--expose-gc", self, "--client", name, "--mode", mode, "--port", String(port), "--calls", String(calls), "--body", body], { encoding: "utf8" }))

  const names = Object.keys(await makeClients(port))
  const modes = ["sequential", `${inFlight} in flight`]
  const bodies = ["large", "small"]
  const samples = {}
  const constructed = {}
  for (let round = 0; round < rounds; round++) {
    for (const body of bodies) {
      for (const mode of modes) {
        for (const name of round % 2 === 0 ? names : [...names].reverse()) {
          const key = `${body}|${mode}|${name}`
          samples[key] ??= []
          samples[key].push(measure(name, mode === "sequential" ? "sequential" : "concurrent", body))
        }
      }
    }
    for (const name of ["stelace@0.14.0", "stelace-effect (createInstance)"]) {
      constructed[name] ??= []
      constructed[name].push(measure(name, "construct"))
    }
  }

  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
  const report = (body, title) => {
  console.log(title)
  for (const mode of modes) {
    const reference = median(samples[`${body}|${mode}|stelace@0.14.0`])
    const floor = median(samples[`${body}|${mode}|bare node:http + JSON.parse`])
    for (const name of names) {
      const cpu = median(samples[`${body}|${mode}|${name}`])
      const spread = samples[`${body}|${mode}|${name}`].map((value) => value / reference)
      console.log(
        `${mode.padEnd(14)} ${name.padEnd(36)} ${cpu.toFixed(0).padStart(5)} µs/call  ` +
          `vs stelace@0.14.0 ${(cpu / reference).toFixed(2)} (rounds ${Math.min(...spread).toFixed(2)}-${Math.max(...spread).toFixed(2)})  ` +
          `vs bare ${(cpu / floor).toFixed(2)}`
      )
    }
  }
  }
  report("large", `Client CPU per list call (20 assets, ${(bodySize / 1024).toFixed(1)} KB) from Node ${process.version}, each client in its own process, median of ${rounds} alternating rounds`)
  report("small", `Client CPU per read call (one small asset, ${smallSize} B), same set-up: the SDK's own work per call`)
  const [theirCpu, theirHeap] = [0, 1].map((i) => median(constructed["stelace@0.14.0"].map((sample) => sample[i])))
  const [ourCpu, ourHeap] = [0, 1].map((i) => median(constructed["stelace-effect (createInstance)"].map((sample) => sample[i])))
  console.log(
    `clients (${clientCount} createInstance, kept live): stelace@0.14.0 ${theirCpu.toFixed(1)} µs and ${(theirHeap / 1024).toFixed(2)} KB each; ` +
      `stelace-effect ${ourCpu.toFixed(1)} µs (${(ourCpu / theirCpu).toFixed(2)}x) and ${(ourHeap / 1024).toFixed(2)} KB (${(ourHeap / theirHeap).toFixed(2)}x) each`
  )
  const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`
  const [first, later] = measure("stelace-effect (createInstance)", "memory")
  console.log(`memory (createInstance, ${inFlight} in flight): heap ${mb(first)} after 1k calls, ${mb(later)} after 100k calls`)
  server.kill()
}

await (arg("client") ? child() : main())
