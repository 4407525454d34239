// How fast the demo marketplace feels on a phone: the production build that `npm start` serves
// (this script runs `scripts/start.mjs`, which builds it when its sources changed), in Chromium
// (`@sparticuz/chromium` driven by playwright-core, with the same flags as the e2e suite: web
// security and site isolation on), each page loaded once per run in a new browser context (a
// cold cache), under Lighthouse's mobile profile applied through the DevTools protocol.
//
// Per page it prints the requests the page sent to the API during its load (by method and path,
// ids aside), then the JavaScript transferred (files, KB on the wire as the server sent it, and
// gzip -9 of the same files): first the page's first load (the scripts requested before the
// page's \`h1\` was on screen: the app, the page's own chunk, whatever they import eagerly), then
// all of it (with what loads later, such as the real-time client once a user is known). Then the
// median over the runs of LCP, CLS and total blocking time, each beside its Core Web Vitals "good"
// threshold:
//
// - LCP: the last `largest-contentful-paint` entry once the page is quiet;
// - CLS: the largest session window of `layout-shift` entries without recent input (shifts at
//   most 1 s apart, a window at most 5 s long);
// - TBT: for each `longtask` between first contentful paint and time to interactive, the part of
//   it beyond 50 ms; time to interactive is taken as the end of the last long task before 5 s
//   without one (or the load event, if later).
//
// Each page is held to targets: first-load JavaScript at most 160 KB gzip, LCP at most 1.5 s and
// TBT at most 100 ms (stricter than Core Web Vitals' "good", which the lines show too).
//
// Last, where the home page's first load goes, by group
// (React, TanStack Router, TanStack Query, Lingui and the catalogs, effect, the SDK, the demo app,
// the bundler's glue): the demo is built again in memory with source maps, the same bytes as the
// served build, each minified character goes to the source file its source map names there, and
// each script's gzip size is shared among the groups in proportion to their characters in it (an
// apportionment: gzip compresses them together); and what the frameworks the demo is built on
// (react-dom, TanStack Router and Query) weigh alone, bundled from the installed packages: the
// part of that first load no change to the app or the SDK can remove.
//
// One unmeasured load comes first (Chromium's processes and the server's first answers). A
// benchmark, not a test: it asserts nothing, and stops by itself (about 40 s per run of the pages).
//
//   npm run bench:demo
//   node bench/demo.mjs [--runs 3] [--verbose] [--profile] [--pages home,listing]
//
// --verbose lists each script (first load or later), the elements that moved in each layout shift
// (what to reserve space for), the long tasks, and the source files of the SDK and the demo app in
// the home page's first load. --profile records the main thread's CPU during each load and lists,
// for the last run of each page, the functions that took the most of it (what the long tasks were
// doing); the profiler slows the page, so its timings are not the others'.
//
// The pages are the list `pages` below: a path, and the user to log in as first, if any.
import { spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { SourceMap } from "node:module"
import { tmpdir } from "node:os"
import { dirname, join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { gzipSync } from "node:zlib"
import { build } from "esbuild"
import { launchChromium } from "../e2e/chromium.mjs"
import { loadTesting } from "../bin/backend.mjs"

const root = fileURLToPath(new URL("../", import.meta.url))
const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`)
  return index === -1 ? fallback : process.argv[index + 1]
}
const runs = Number(arg("runs", "3"))
const verbose = process.argv.includes("--verbose")
const profiling = process.argv.includes("--profile")
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`--runs takes a whole number from 1, not "${arg("runs")}"`)
  process.exit(2)
}

const { demo } = (await loadTesting()).StelaceTest

/** The pages measured, by name: update the paths as the app's routes change. */
const pages = [
  { name: "home", path: "/" },
  { name: "search", path: "/search?query=bike" },
  { name: "listing", path: `/listings/${demo.assets.tesla}` },
  { name: "booking", path: `/bookings/${demo.transactions.teslaBooking}`, user: demo.users.chloe },
  { name: "inbox", path: "/inbox", user: demo.users.alice }
].filter((page) => arg("pages", undefined)?.split(",").includes(page.name) ?? true)

/**
 * Lighthouse's mobile profile (its "Moto G Power" emulation and "slow 4G" throttling): the CPU
 * slowed 4 times, 150 ms round trips, 1.6 Mbps down and 750 kbps up, a 412 x 823 screen at 1.75x.
 */
const profile = {
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75
}

/** Core Web Vitals' "good" thresholds. */
const good = { lcp: 2500, cls: 0.1, tbt: 200 }

/** What every page is held to: its first-load JavaScript (gzip), LCP and TBT. */
const targets = { firstLoad: 160 * 1024, lcp: 1500, tbt: 100 }

/**
 * What the frameworks the demo is built on weigh by themselves, bundled from the installed
 * packages as the app uses them (esbuild, minified, gzip -9): the part of a first load that no
 * change to the app or the SDK can remove. Each line adds to the one before.
 */
const routerApp = `
  import { createRootRoute, createRoute, createRouter, Link, lazyRouteComponent, Outlet, RouterProvider, useNavigate, useSearch } from "@tanstack/react-router"
  const root = createRootRoute({ component: () => <><Link to="/">Home</Link><Outlet /></> })
  const home = createRoute({ getParentRoute: () => root, path: "/", component: lazyRouteComponent(() => Promise.resolve({ default: () => null })) })
  const router = createRouter({ routeTree: root.addChildren([home]) })
  export { useNavigate, useSearch }`
const queryApp = `
  import { QueryClient, QueryClientProvider, useMutation, useQuery } from "@tanstack/react-query"
  export { useMutation, useQuery }`
const render = (element) => `import { createRoot } from "react-dom/client"; createRoot(document.body).render(${element})`

const frameworkFloor = [
  { name: "react-dom", code: render("null") },
  { name: "+ @tanstack/react-router", code: `${routerApp}\n${render("<RouterProvider router={router} />")}` },
  {
    name: "+ @tanstack/react-query",
    code: `${routerApp}\n${queryApp}\n${render("<QueryClientProvider client={new QueryClient()}><RouterProvider router={router} /></QueryClientProvider>")}`
  }
]

const bundledGzip = async (code) => {
  const result = await build({
    stdin: { contents: code, loader: "jsx", resolveDir: root },
    bundle: true,
    minify: true,
    write: false,
    format: "esm",
    platform: "browser",
    jsx: "automatic",
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    logLevel: "error"
  })
  return gzipSync(result.outputFiles[0].contents, { level: 9 }).length
}

// ---------------------------------------------------------------------------------------------
// Where a first load's bytes come from

/**
 * The groups a first load's bytes are told by, each a test of a source file's path (relative to
 * the repository), in order: the first that matches takes the file.
 */
const sourceGroups = [
  { name: "React (react, react-dom, scheduler)", test: /^node_modules\/(react|react-dom|scheduler)\// },
  { name: "TanStack Router (+ history, store)", test: /^node_modules\/(@tanstack\/(react-router|router-core|history|store|react-store)|use-sync-external-store)\// },
  { name: "TanStack Query", test: /^node_modules\/@tanstack\/(query-core|react-query)\// },
  { name: "Lingui (+ message catalogs)", test: /^(node_modules\/@lingui\/|demo\/src\/locales\/)/ },
  { name: "effect's Schema (the search's address)", test: /^node_modules\/effect\/dist\/(Schema\w*|StandardSchema|internal\/(schema\/|schemaError|jsonSchema))/ },
  { name: "effect", test: /^node_modules\/effect\// },
  { name: "the SDK (src/, + jwt-decode)", test: /^(src\/|node_modules\/jwt-decode\/)/ },
  { name: "the demo app (demo/src)", test: /^demo\/src\// }
]
/** Bytes no source map line names: the bundler's runtime and the glue between modules. */
const bundlerGlue = "the bundler's runtime and glue"
const packageOf = (path) => /^node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ?? path
const groupOf = (path) => sourceGroups.find((group) => group.test.test(path))?.name ?? `other: ${packageOf(path)}`

/**
 * The demo's production build again (the same Vite configuration and bytes as the one `npm start`
 * serves, which keeps no source maps), in memory with source maps: for each chunk, its code and how
 * many of its minified characters come from each group's sources (the character at each position
 * goes to the source its source map names there).
 */
const builtChunks = async () => {
  const { build: viteBuild } = await import("vite")
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = "production"
  const outDir = mkdtempSync(join(tmpdir(), "stelace-bench-demo-"))
  try {
    const result = await viteBuild({
      configFile: join(root, "demo/vite.config.ts"),
      logLevel: "error",
      mode: "production",
      build: { outDir, emptyOutDir: false, write: false, sourcemap: "hidden" }
    })
    const chunks = new Map()
    for (const output of [result].flat().flatMap((bundle) => bundle.output)) {
      if (output.type !== "chunk") continue
      const bySource = new Map()
      const add = (source, characters) => bySource.set(source, (bySource.get(source) ?? 0) + characters)
      const map = output.map === null ? undefined : new SourceMap(output.map)
      const lines = output.code.split("\n")
      lines.forEach((line, lineNumber) => {
        if (lineNumber < lines.length - 1) add(undefined, 1) // its line break
        for (let column = 0; column < line.length; column++) add(map?.findEntry(lineNumber, column)?.originalSource, 1)
      })
      const sources = [...bySource].map(([source, characters]) => ({
        path: source === undefined ? undefined : relative(root, resolve(outDir, dirname(output.fileName), source)),
        characters
      }))
      chunks.set(output.fileName, { code: output.code, sources })
    }
    return chunks
  } finally {
    process.env.NODE_ENV = nodeEnv
    if (nodeEnv === undefined) delete process.env.NODE_ENV
    rmSync(outDir, { recursive: true, force: true })
  }
}

/**
 * A first load's gzip bytes by group: each script's gzip size shared among the groups in proportion
 * to the minified characters each gives it (an apportionment: gzip compresses the groups' code
 * together, not apart), with the minified characters themselves, which are exact. Each group keeps
 * its source files' minified characters too.
 */
const firstLoadByGroup = (scripts, chunks) => {
  const groups = new Map()
  const add = (name, gzip, minified, path) => {
    const group = groups.get(name) ?? { name, gzip: 0, minified: 0, sources: new Map() }
    group.gzip += gzip
    group.minified += minified
    if (path !== undefined) group.sources.set(path, (group.sources.get(path) ?? 0) + minified)
    groups.set(name, group)
  }
  for (const script of scripts) {
    const chunk = chunks.get(new URL(script.url).pathname.replace(/^\//, ""))
    if (chunk === undefined || chunk.code !== script.body.toString("utf8")) {
      add("not attributed: the served file is not this build's", script.gzip, script.raw)
      continue
    }
    for (const { path, characters } of chunk.sources) {
      add(path === undefined ? bundlerGlue : groupOf(path), (script.gzip * characters) / chunk.code.length, characters, path)
    }
  }
  return [...groups.values()].sort((a, b) => b.gzip - a.gzip)
}

// ---------------------------------------------------------------------------------------------
// The app and its API, as `npm start` runs them, on free ports

const startApp = () =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["scripts/start.mjs", "--port", "0", "--api-port", "0"], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, PORT: "", API_PORT: "", HOST: "", API_ONLY: "", ACCESS_TOKEN_TTL: "", STELACE_SEED: "" }
    })
    let output = ""
    const urlAfter = (label) => new RegExp(`${label}:\\s+(http://\\S+)`).exec(output)?.[1]
    const onData = (chunk) => {
      output += chunk
      const appUrl = urlAfter("Demo marketplace")
      const apiUrl = urlAfter("Stelace API")
      if (appUrl !== undefined && apiUrl !== undefined && output.includes("Press Ctrl-C")) {
        child.stdout.off("data", onData)
        resolve({ appUrl, apiUrl, stop: () =>
            new Promise((done) => {
              if (child.exitCode !== null) return done()
              child.once("exit", done)
              child.kill("SIGTERM")
            })
        })
      }
    }
    child.stdout.on("data", onData)
    child.stderr.on("data", (chunk) => (output += chunk))
    child.once("exit", (code) => reject(new Error(`npm start's script exited (${code}) before it was ready:\n${output}`)))
  })

/** A session of a demo user, as the app keeps it in localStorage (`stl-authtoken`). */
const sessionOf = async (apiUrl, user) => {
  const response = await fetch(`${apiUrl}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Basic ${btoa(`${demo.publishableApiKey}:`)}` },
    body: JSON.stringify({ username: user.username, password: user.password })
  })
  if (!response.ok) throw new Error(`Logging in as ${user.username} failed: ${response.status} ${await response.text()}`)
  return response.json()
}

// ---------------------------------------------------------------------------------------------
// Chromium, launched as the e2e tests launch it

const launch = launchChromium

// ---------------------------------------------------------------------------------------------
// In the page: the observers, from before the app's first script

const observe = () => {
  const state = { lcp: 0, lcpElement: "", fcp: undefined, shifts: [], longTasks: [], heading: undefined }
  window.__vitals = state
  const describe = (node) => {
    if (node == null) return "?"
    if (node.nodeType !== Node.ELEMENT_NODE) return node.nodeName.toLowerCase()
    const classes = typeof node.className === "string" && node.className ? `.${node.className.trim().split(/\s+/).join(".")}` : ""
    return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}${classes}`
  }
  // when the page's heading is first on screen: the end of its first load
  new MutationObserver((_, observer) => {
    const heading = document.querySelector("main h1")
    if (heading !== null && heading.textContent.trim() !== "") {
      state.heading = performance.now()
      observer.disconnect()
    }
  }).observe(document, { childList: true, subtree: true, characterData: true })
  const watch = (type, onEntry) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true })
    } catch {
      // an entry type this browser lacks
    }
  }
  watch("largest-contentful-paint", (entry) => {
    state.lcp = entry.startTime
    const element = entry.element
    state.lcpElement = element ? `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}` : ""
  })
  watch("paint", (entry) => {
    if (entry.name === "first-contentful-paint") state.fcp = entry.startTime
  })
  watch("layout-shift", (entry) => {
    if (!entry.hadRecentInput) {
      state.shifts.push({ start: entry.startTime, value: entry.value, sources: (entry.sources ?? []).map((source) => describe(source.node)) })
    }
  })
  watch("longtask", (entry) => state.longTasks.push({ start: entry.startTime, duration: entry.duration }))
}

/** The largest session window of layout shifts: at most 1 s between shifts, 5 s in all. */
const cumulativeLayoutShift = (shifts) => {
  let worst = 0
  let window = 0
  let first = -Infinity
  let last = -Infinity
  for (const shift of shifts) {
    if (shift.start - last > 1000 || shift.start - first > 5000) {
      first = shift.start
      window = 0
    }
    last = shift.start
    window += shift.value
    worst = Math.max(worst, window)
  }
  return worst
}

/** Total blocking time between first contentful paint and time to interactive. */
const totalBlockingTime = (longTasks, fcp, loadEnd) => {
  const tti = Math.max(loadEnd, ...longTasks.map((task) => task.start + task.duration))
  return longTasks.reduce((sum, task) => {
    const start = Math.max(task.start, fcp)
    const end = Math.min(task.start + task.duration, tti)
    // the part of the task after first contentful paint, beyond 50 ms
    return end - start > 50 ? sum + (end - start - 50) : sum
  }, 0)
}

// ---------------------------------------------------------------------------------------------
// One cold load of one page

/**
 * Where the page's main thread spent its time during the load (`--profile`): the functions with the
 * most self time in a CPU profile (its own script and line, or what the engine did: compiling,
 * garbage collection), as a share of the time not idle. Samples are taken every 0.5 ms under the
 * slowed CPU.
 */
const busiest = (cpu, count = 12) => {
  const nodes = new Map(cpu.nodes.map((node) => [node.id, node]))
  const time = new Map()
  let busy = 0
  cpu.samples.forEach((id, index) => {
    const { functionName, url, lineNumber } = nodes.get(id).callFrame
    if (functionName === "(idle)") return
    const delta = cpu.timeDeltas[index] ?? 0
    const where = url ? `${new URL(url).pathname}:${lineNumber + 1}` : ""
    const key = `${functionName || "(anonymous)"} ${where}`.trim()
    time.set(key, (time.get(key) ?? 0) + delta)
    busy += delta
  })
  return [...time].sort((a, b) => b[1] - a[1]).slice(0, count).map(([name, micros]) => ({ name, share: micros / busy, ms: micros / 1000 }))
}

const measure = async (browser, app, page) => {
  const context = await browser.newContext({
    viewport: profile.viewport,
    deviceScaleFactor: profile.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    locale: "en-GB",
    timezoneId: "Europe/Paris"
  })
  try {
    if (page.user !== undefined) {
      const tokens = await sessionOf(app.apiUrl, page.user)
      await context.addInitScript((value) => {
        try {
          window.localStorage.setItem("stl-authtoken", value)
        } catch {
          // a document without storage (about:blank)
        }
      }, JSON.stringify(tokens))
    }
    await context.addInitScript(observe)
    const tab = await context.newPage()
    const cdp = await context.newCDPSession(tab)
    await cdp.send("Network.enable")
    await cdp.send("Network.clearBrowserCache")
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: false })
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: profile.latencyMs,
      downloadThroughput: profile.downloadBytesPerSecond,
      uploadThroughput: profile.uploadBytesPerSecond
    })
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: profile.cpuSlowdown })

    const scripts = new Map()
    const requested = new Map()
    const apiRequests = []
    const apiHost = new URL(app.apiUrl).host
    let navigationStart
    cdp.on("Network.requestWillBeSent", ({ requestId, timestamp, type, request }) => {
      if (type === "Document" && navigationStart === undefined) navigationStart = timestamp
      requested.set(requestId, timestamp)
      const url = new URL(request.url)
      if (url.host === apiHost && request.method !== "OPTIONS") apiRequests.push(`${request.method} ${url.pathname.replace(/\/[a-z]+_\w+/g, "/:id")}`)
    })
    cdp.on("Network.responseReceived", ({ requestId, response }) => {
      if (/javascript|ecmascript/.test(response.mimeType)) {
        // milliseconds since the document's request, close to the page's performance.now()
        const at = navigationStart === undefined ? 0 : (requested.get(requestId) - navigationStart) * 1000
        scripts.set(requestId, { url: response.url, wire: 0, at })
      }
    })
    cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => {
      const script = scripts.get(requestId)
      if (script !== undefined) script.wire = encodedDataLength
    })

    const problems = []
    tab.on("pageerror", (error) => problems.push(error.message))
    if (profiling) {
      await cdp.send("Profiler.enable")
      await cdp.send("Profiler.setSamplingInterval", { interval: 500 })
      await cdp.send("Profiler.start")
    }
    await tab.goto(new URL(page.path, app.appUrl).href, { waitUntil: "load", timeout: 120_000 })
    await tab.waitForLoadState("networkidle", { timeout: 120_000 })
    // quiet: 5 s without a long task (time to interactive), at most 30 s after load
    for (let waited = 0; waited < 30_000; waited += 500) {
      const quietFor = await tab.evaluate(() => {
        const tasks = window.__vitals.longTasks
        const lastEnd = tasks.length === 0 ? 0 : Math.max(...tasks.map((task) => task.start + task.duration))
        return performance.now() - lastEnd
      })
      if (quietFor >= 5000) break
      await tab.waitForTimeout(500)
    }
    const cpu = profiling ? (await cdp.send("Profiler.stop")).profile : undefined
    const heading = await tab.locator("h1").first().textContent({ timeout: 10_000 }).catch(() => null)
    const vitals = await tab.evaluate(() => ({
      ...window.__vitals,
      loadEnd: performance.getEntriesByType("navigation")[0]?.loadEventEnd ?? 0,
      pathname: window.location.pathname
    }))
    const bodies = await Promise.all([...scripts.keys()].map((requestId) =>
      cdp.send("Network.getResponseBody", { requestId })
        .then(({ body, base64Encoded }) => Buffer.from(body, base64Encoded ? "base64" : "utf8"))
        .catch(() => Buffer.alloc(0))
    ))
    if (vitals.pathname !== new URL(page.path, app.appUrl).pathname || /^log in$/i.test(heading?.trim() ?? "")) {
      problems.push(`ended on ${vitals.pathname} ("${heading}") instead of ${page.path}`)
    }
    if (vitals.heading === undefined) problems.push("the page's h1 never showed")
    const all = [...scripts.values()].map((script, index) => ({
      ...script,
      body: bodies[index],
      raw: bodies[index].length,
      gzip: gzipSync(bodies[index], { level: 9 }).length,
      first: vitals.heading !== undefined && script.at <= vitals.heading
    }))
    const total = (list) => ({
      files: list.length,
      wire: list.reduce((sum, script) => sum + script.wire, 0),
      raw: list.reduce((sum, script) => sum + script.raw, 0),
      gzip: list.reduce((sum, script) => sum + script.gzip, 0)
    })
    return {
      heading: heading?.trim() ?? "",
      apiRequests,
      problems,
      js: total(all),
      firstJs: total(all.filter((script) => script.first)),
      scripts: all,
      shifts: vitals.shifts,
      longTasks: vitals.longTasks,
      lcp: vitals.lcp,
      lcpElement: vitals.lcpElement,
      cls: cumulativeLayoutShift(vitals.shifts),
      tbt: totalBlockingTime(vitals.longTasks, vitals.fcp ?? 0, vitals.loadEnd),
      busiest: cpu === undefined ? undefined : busiest(cpu)
    }
  } finally {
    await context.close()
  }
}

// ---------------------------------------------------------------------------------------------

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
const mark = (value, limit) => (value <= limit ? "good" : "MISSED")

const app = await startApp()
const browser = await launch().catch(async (error) => {
  await app.stop()
  throw error
})
try {
  console.log(`Demo marketplace (${app.appUrl}), production build, cold cache, ${runs} run(s) per page, median shown`)
  console.log(
    `Lighthouse mobile profile: CPU ${profile.cpuSlowdown}x slower, ${profile.latencyMs} ms round trips, ` +
      `${((profile.downloadBytesPerSecond * 8) / 1024 / 1024).toFixed(1)} Mbps down, ${(profile.uploadBytesPerSecond * 8) / 1024} kbps up, ` +
      `${profile.viewport.width}x${profile.viewport.height} at ${profile.deviceScaleFactor}x\n`
  )
  // one load left out of the numbers, so that no page pays for starting Chromium's processes or
  // for the server's first answers (a visitor meets a running server)
  const warmUp = await browser.newContext()
  await (await warmUp.newPage()).goto(app.appUrl, { waitUntil: "networkidle" })
  await warmUp.close()

  const rows = []
  for (const page of pages) {
    const results = []
    for (let run = 0; run < runs; run++) results.push(await measure(browser, app, page))
    const last = results.at(-1)
    const of = (metric) => results.map((result) => result[metric])
    const row = {
      page: page.name,
      path: page.path,
      heading: last.heading,
      js: last.js,
      firstJs: last.firstJs,
      firstScripts: last.scripts.filter((script) => script.first),
      lcp: median(of("lcp")),
      lcpElement: last.lcpElement,
      cls: median(of("cls")),
      tbt: median(of("tbt")),
      spread: (metric, format) => runs === 1 ? "" : `  (runs ${format(Math.min(...of(metric)))} to ${format(Math.max(...of(metric)))})`,
      problems: [...new Set(results.flatMap((result) => result.problems))]
    }
    rows.push(row)
    console.log(`${row.page.padEnd(8)} ${row.path}  (h1 "${row.heading}")`)
    const counts = new Map()
    for (const request of last.apiRequests) counts.set(request, (counts.get(request) ?? 0) + 1)
    const byRoute = [...counts].map(([request, count]) => `${request} ${count}`)
    console.log(`  API        ${String(last.apiRequests.length).padStart(2)} requests  (${byRoute.join(", ")})`)
    const jsLine = (label, js) =>
      `  ${label.padEnd(11)} ${String(js.files).padStart(2)} files  ${kb(js.wire).padStart(9)} on the wire  ` +
      `${kb(js.gzip).padStart(9)} gzip  (${kb(js.raw)} uncompressed)`
    console.log(`${jsLine("first load", row.firstJs)}  target <= ${kb(targets.firstLoad)}: ${mark(row.firstJs.gzip, targets.firstLoad)}`)
    console.log(jsLine("in all", row.js))
    if (verbose) {
      for (const script of last.scripts) {
        console.log(`    ${script.first ? "first" : "later"}  ${kb(script.gzip).padStart(9)} gzip  at ${Math.round(script.at)} ms  ${new URL(script.url).pathname}`)
      }
      for (const shift of last.shifts) {
        console.log(`    shift ${shift.value.toFixed(3)} at ${Math.round(shift.start)} ms: ${shift.sources.join(", ") || "?"}`)
      }
      for (const task of last.longTasks) {
        console.log(`    long task of ${Math.round(task.duration)} ms at ${Math.round(task.start)} ms`)
      }
    }
    if (last.busiest !== undefined) {
      console.log("    where the main thread was busy (last run, self time, share of the time not idle):")
      for (const { name, share, ms } of last.busiest) console.log(`    ${`${(share * 100).toFixed(1)}%`.padStart(6)} ${`${ms.toFixed(0)} ms`.padStart(7)}  ${name}`)
    }
    const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`
    const shift = (value) => value.toFixed(3)
    const millis = (ms) => `${Math.round(ms)} ms`
    console.log(
      `  LCP  ${seconds(row.lcp).padStart(7)}   good <= 2.5 s   ${mark(row.lcp, good.lcp).padEnd(6)}  target <= 1.5 s   ${mark(row.lcp, targets.lcp).padEnd(6)}` +
        `${row.spread("lcp", seconds)}  element: ${row.lcpElement || "none"}`
    )
    console.log(`  CLS  ${shift(row.cls).padStart(7)}   good <= 0.1     ${mark(row.cls, good.cls).padEnd(6)}${row.spread("cls", shift)}`)
    console.log(
      `  TBT  ${millis(row.tbt).padStart(7)}   good <= 200 ms  ${mark(row.tbt, good.tbt).padEnd(6)}  target <= 100 ms  ${mark(row.tbt, targets.tbt).padEnd(6)}` +
        row.spread("tbt", millis)
    )
    for (const problem of row.problems) console.log(`  ! ${problem}`)
  }
  const missed = rows.filter((row) => row.lcp > good.lcp || row.cls > good.cls || row.tbt > good.tbt).map((row) => row.page)
  console.log(`\n${missed.length === 0 ? "Every page is within the thresholds." : `Missing a threshold: ${missed.join(", ")}.`}`)
  const short = rows.filter((row) => row.firstJs.gzip > targets.firstLoad || row.lcp > targets.lcp || row.tbt > targets.tbt).map((row) => row.page)
  console.log(short.length === 0 ? "Every page meets its targets." : `Missing a target: ${short.join(", ")}.`)
  const home = rows.find((row) => row.page === "home")
  if (home !== undefined) {
    const groups = firstLoadByGroup(home.firstScripts, await builtChunks())
    console.log(
      "Where it goes, by the sources each script's source map names (the demo built again, with source maps): " +
        "the minified bytes are exact, the gzip bytes an apportionment (each script's gzip size shared in proportion to its minified bytes):"
    )
    const groupLine = (name, minified, gzip) =>
      `  ${name.padEnd(38)} ${kb(minified).padStart(9)} minified  ${kb(gzip).padStart(9)} gzip  ${`${((gzip / home.firstJs.gzip) * 100).toFixed(0)}%`.padStart(4)}`
    for (const group of groups) {
      console.log(groupLine(group.name, group.minified, group.gzip))
      if (verbose && sourceGroups.slice(-2).some((ours) => ours.name === group.name)) {
        const sources = [...group.sources].sort((a, b) => b[1] - a[1])
        const shown = sources.filter(([, minified]) => minified >= 512)
        for (const [path, minified] of shown) console.log(`      ${kb(minified).padStart(9)} minified  ${path}`)
        const rest = sources.slice(shown.length)
        if (rest.length > 0) console.log(`      ${kb(rest.reduce((sum, [, minified]) => sum + minified, 0)).padStart(9)} minified  ${rest.length} smaller files`)
      }
    }
    const sum = (key) => groups.reduce((total, group) => total + group[key], 0)
    console.log(groupLine("in all (the first load)", sum("minified"), sum("gzip")))
    console.log("Of which the frameworks alone (esbuild, minified, gzip -9, each line adding to the one before):")
    for (const framework of frameworkFloor) {
      const size = await bundledGzip(framework.code)
      console.log(`  ${framework.name.padEnd(26)} ${kb(size).padStart(9)}  (${((size / home.firstJs.gzip) * 100).toFixed(0)}% of the home page's first load)`)
    }
  }
} finally {
  await browser.close()
  await app.stop()
}
