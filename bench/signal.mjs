// Stelace Signal, measured on loopback against the in-memory backend (bounded loops, no internet):
// - delivery latency p50/p99: from sending `POST /signal` to the subscriber's handler, 500 signals
//   one after the other, for one subscribed client;
// - memory of 1,000 subscribed clients in one process (each its own WebSocket, all live): heap and
//   RSS after a forced GC, minus the same process before; the backend runs in a child process;
// - bundle cost (esbuild --minify for browsers, gzip -9): what `install` + `stelace.signal.subscribe`
//   and the Effect `Signal.stream` add to an app that already uses the facade / the Effect API.
//
//   npm run bench:signal
import { fork } from "node:child_process"
import { mkdirSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { gzipSync } from "node:zlib"
import * as esbuild from "esbuild"

const root = process.cwd()
// inside node_modules, so the bundles resolve effect and ws from this repository
const dir = join(root, "node_modules", ".cache", `signal-bench-${process.pid}`)
mkdirSync(dir, { recursive: true })
const bundle = (name, contents) =>
  esbuild.build({
    stdin: { contents, resolveDir: root, loader: "ts" },
    bundle: true,
    platform: "node",
    format: "esm",
    outfile: join(dir, name),
    external: ["ws", "effect", "effect/*"],
    logLevel: "error"
  })

await bundle("server.mjs", `
  import { startServer } from "./src/testing/index.ts"
  // a thousand clients from this one machine: above the share one caller gets by default
  const server = await startServer({ seed: "empty", maxSignalClientsPerCaller: 1000 })
  process.send({ url: server.url, port: server.port, publishableApiKey: server.publishableApiKey, secretApiKey: server.secretApiKey })
`)
await bundle("signal.mjs", `export * from "./src/Signal.ts"`)
writeFileSync(join(dir, "package.json"), "{\"type\":\"module\"}")

const child = fork(join(dir, "server.mjs"), [], { cwd: root, stdio: ["ignore", "inherit", "inherit", "ipc"] })
const server = await new Promise((resolve) => child.once("message", resolve))
const Signal = await import(join(dir, "signal.mjs"))
const { default: WebSocket } = await import("ws")
const Effect = await import("effect/Effect")
const Scope = await import("effect/Scope")
const Exit = await import("effect/Exit")
const Stream = await import("effect/Stream")

const options = { apiKey: server.publishableApiKey, host: "127.0.0.1", port: server.port, protocol: "http", WebSocket }
const post = (body) =>
  fetch(`${server.url}/signal`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Basic ${btoa(`${server.secretApiKey}:`)}` },
    body: JSON.stringify(body)
  })

/** A client subscribed to `channel`, calling `onSignal`; resolves once the server lists it on the channel. */
const subscribed = async (channel, onSignal) => {
  const scope = Effect.runSync(Scope.make())
  const client = await Effect.runPromise(Scope.provide(Signal.makeWith(options, undefined), scope))
  Effect.runFork(Stream.runForEach(client.signals([channel]), (signal) => Effect.sync(() => onSignal(signal))))
  return { client, close: () => Effect.runPromise(Scope.close(scope, Exit.void)) }
}
const untilListened = async (channel) => {
  for (let i = 0; i < 500; i++) {
    if ((await post({ destination: channel, event: "probe" })).status === 200) return
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error(`nobody listens on ${channel}`)
}

// latency
let waiting
const one = await subscribed("latency", (signal) => signal.event === "bench" && waiting?.())
await untilListened("latency")
const samples = []
for (let i = 0; i < 500; i++) {
  const arrived = new Promise((resolve) => (waiting = resolve))
  const start = performance.now()
  await post({ destination: "latency", event: "bench", message: i })
  await arrived
  samples.push(performance.now() - start)
}
await one.close()
samples.sort((a, b) => a - b)
const pct = (p) => samples[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))].toFixed(2)
console.log(`Delivery latency, POST /signal to handler (500 signals, loopback): p50 ${pct(50)} ms, p99 ${pct(99)} ms`)

// memory of 1,000 subscribed clients
const measureMemory = () => {
  globalThis.gc?.()
  globalThis.gc?.()
  return process.memoryUsage()
}
const before = measureMemory()
const clients = []
for (let i = 0; i < 1000; i++) clients.push(await subscribed(`client-${i}`, () => {}))
for (let i = 0; i < 1000; i += 100) await untilListened(`client-${i}`)
await untilListened("client-999")
const live = clients.filter(({ client }) => client.state() === "live").length
const after = measureMemory()
const mb = (n) => `${(n / 1024 / 1024).toFixed(1)} MB`
console.log(
  `Memory of ${live} live subscribed clients in one process${globalThis.gc ? "" : " (run with --expose-gc for steadier figures)"}: ` +
    `heap +${mb(after.heapUsed - before.heapUsed)} (${((after.heapUsed - before.heapUsed) / 1000 / 1024).toFixed(1)} KB a client), ` +
    `RSS +${mb(after.rss - before.rss)}`
)
await Promise.all(clients.map(({ close }) => close()))

// bundle cost, one-file builds as bench/size.mjs makes them
const browser = async (contents) => {
  const result = await esbuild.build({
    stdin: { contents, resolveDir: root, loader: "ts" },
    bundle: true,
    minify: true,
    platform: "browser",
    format: "esm",
    write: false,
    logLevel: "error"
  })
  return { eager: gzipSync(result.outputFiles[0].contents, { level: 9 }).length }
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`
const facadeSource = `import { createInstance } from "./src/index.ts"; const s = createInstance({ apiKey: "k" }); s.assets.list().then(console.log)`
const facade = await browser(facadeSource)
const facadeSignal = await browser(`${facadeSource}; import { install } from "./src/Signal.ts"; install(s); s.signal.subscribe(console.log)`)
console.log(`Facade app (assets.list), gzip: ${kb(facade.eager)}; with install(stelace) and signal.subscribe: ${kb(facadeSignal.eager)} (+${kb(facadeSignal.eager - facade.eager)})`)
const effectSource = `import * as Effect from "effect/Effect"; import * as Stelace from "./src/Stelace.ts"; import * as Assets from "./src/resources/Assets.ts"; import * as TokenStore from "./src/TokenStore.ts"; Effect.runPromise(Effect.provide(Effect.provide(Assets.list(), Stelace.layerFetch({ apiKey: "k" })), TokenStore.memory)).then(console.log)`
const effectApp = await browser(effectSource)
const effectSignal = await browser(`${effectSource}; import * as Stream from "effect/Stream"; import * as Signal from "./src/Signal.ts"; console.log(Signal.layer({ apiKey: "k" }), Stream.runDrain(Signal.stream()))`)
console.log(`Effect app (Assets.list), gzip: ${kb(effectApp.eager)}; with Signal.layer + Signal.stream: ${kb(effectSignal.eager)} (+${kb(effectSignal.eager - effectApp.eager)})`)

child.kill()
rmSync(dir, { recursive: true, force: true })
