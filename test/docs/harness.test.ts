/**
 * The rules docs blocks are held to: which blocks run, as what, against what, and what fails them.
 */
import { resolve } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { CodeBlock } from "./blocks.js"
import { declaresBeyondItself, extractBlocks, withPort } from "./blocks.js"
import { readPackageSources, sourceOf } from "./packageSources.js"
import type { Runner } from "./runner.js"
import { makeRunner } from "./runner.js"

const root = resolve(import.meta.dirname, "../..")

const fence = "```"
const block = (language: string, code: string): CodeBlock => extractBlocks("doc.md", `# t\n\n${fence}${language}\n${code}\n${fence}\n`)[0]!

describe("finding blocks", () => {
  it("takes js, javascript, mjs, cjs, ts, typescript, tsx and jsx blocks, with the line of their fence", () => {
    const markdown = [
      "# Title",
      ...["js", "javascript", "mjs", "cjs", "ts", "typescript", "tsx", "jsx", "sh", "text", "diff", "json", ""]
        .flatMap((language) => [`${fence}${language}`, "x", fence])
    ].join("\n")
    expect(extractBlocks("doc.md", markdown).map((found) => [found.language, found.line])).toEqual([
      ["js", 2], ["javascript", 5], ["mjs", 8], ["cjs", 11], ["ts", 14], ["typescript", 17], ["tsx", 20], ["jsx", 23]
    ])
  })

  it("reads the scenario a block names in its fence", () => {
    const markdown = `${fence}tsx scenario=login-form\nx\n${fence}\n${fence}tsx\nx\n${fence}\n`
    expect(extractBlocks("doc.md", markdown).map((found) => [found.language, found.scenario])).toEqual([
      ["tsx", "login-form"],
      ["tsx", undefined]
    ])
  })

  it("takes blocks indented in list items, without their indentation", () => {
    const markdown = `1. A step:\n\n   ${fence}ts\n   const a = 1\n     const b = 2\n   ${fence}\n`
    expect(extractBlocks("doc.md", markdown)).toMatchObject([{ line: 3, code: "const a = 1\n  const b = 2\n" }])
  })

  it("runs cjs blocks, and js blocks that require without importing, as CommonJS; the others as ES modules", () => {
    expect(block("cjs", `import "x"`).module).toBe("cjs")
    expect(block("js", `const { createInstance } = require("stelace-effect")`).module).toBe("cjs")
    expect(block("js", `import { createRequire } from "node:module"\nconst require = createRequire(import.meta.url)\nrequire("x")`).module).toBe("esm")
    expect(block("mjs", `require("x")`).module).toBe("esm")
    expect(block("ts", `const a = 1`)).toMatchObject({ module: "esm", typescript: true, dom: false })
    expect(block("tsx", `const a = 1`)).toMatchObject({ module: "esm", typescript: true, dom: true })
    expect(block("jsx", `const a = 1`)).toMatchObject({ module: "esm", typescript: false, dom: true })
  })

  it("tells the blocks that declare types for another module or the global scope", () => {
    expect(declaresBeyondItself(`declare module "stelace-effect" {\n  interface Register { apiVersion: "2019-05-20" }\n}`)).toBe(true)
    expect(declaresBeyondItself(`export {}\ndeclare global {\n  interface Window { app: string }\n}`)).toBe(true)
    expect(declaresBeyondItself(`/// <reference types="vite/client" />\nconsole.log(1)`)).toBe(true)
    expect(declaresBeyondItself(`declare const registered: boolean\ndeclare function f(): void\n// declare module "x" in a comment`)).toBe(false)
  })

  it("points port 4100 at the backend", () => {
    expect(withPort(`stelace.setHost("127.0.0.1", 4100, "http"); fetch("http://localhost:4100/assets"); ({ port: 4100 }); 41000`, 5123))
      .toBe(`stelace.setHost("127.0.0.1", 5123, "http"); fetch("http://localhost:5123/assets"); ({ port: 5123 }); 41000`)
  })
})

describe("resolving the package", () => {
  const sources = readPackageSources(root)

  it("maps the exports map's built files to their sources", () => {
    expect(sourceOf(sources, "stelace-effect")).toBe(resolve(root, "src/index.ts"))
    expect(sourceOf(sources, "stelace-effect/testing")).toBe(resolve(root, "src/testing/index.ts"))
    expect(sourceOf(sources, "stelace-effect/Stelace")).toBe(resolve(root, "src/Stelace.ts"))
    expect(sourceOf(sources, "stelace-effect/Assets")).toBe(resolve(root, "src/resources/Assets.ts"))
  })

  it("finds nothing for a subpath without sources, nor for other packages", () => {
    expect(sourceOf(sources, "stelace-effect/NoSuchModule")).toBeUndefined()
    expect(sourceOf(sources, "effect/Effect")).toBeUndefined()
  })
})

describe("running blocks", () => {
  let runner: Runner
  beforeAll(async () => {
    runner = await makeRunner(root)
  }, 60_000)
  afterAll(() => runner?.dispose())
  const failureOf = async (code: CodeBlock, options?: { readonly timeout?: number }) => (await runner.run(code, options)).failure

  it.concurrent("runs an ES module with top-level await against the backend on port 4100, with its keys in the environment", async () => {
    expect(await failureOf(block("js", `
import { createInstance } from "stelace-effect"
const stelace = createInstance({ apiKey: process.env.STELACE_API_KEY, host: "127.0.0.1", port: 4100, protocol: "http" })
await stelace.auth.login({ username: "alice@example.com", password: "alice-password" })
const admin = createInstance({ apiKey: process.env.STELACE_SECRET_API_KEY })
admin.setHost("localhost", 4100, "http")
const assets = await admin.assets.list()
if (assets.length === 0) throw new Error("no assets")
console.log(assets.length, "assets")`))).toBeUndefined()
  })

  it.concurrent("runs CommonJS", async () => {
    expect(await failureOf(block("cjs", `
const { createInstance } = require("stelace-effect")
const stelace = createInstance({ apiKey: process.env.STELACE_API_KEY })
stelace.setHost("127.0.0.1", 4100, "http")
stelace.categories.list().then((categories) => console.log(categories.map((category) => category.name)))`))).toBeUndefined()
  })

  it.concurrent("fails a CommonJS block with top-level await, where the line is", async () => {
    expect(await failureOf(block("js", `const { createInstance } = require("stelace-effect")\nawait 1`)))
      .toMatch(/^does not build:\ndoc\.md:5:1: Top-level await is currently not supported/)
  })

  it.concurrent("fails a block importing what the package does not export", async () => {
    expect(await failureOf(block("ts", `import * as Nope from "stelace-effect/NoSuchModule"\nconsole.log(Nope)`)))
      .toMatch(/"stelace-effect\/NoSuchModule" is not exported by stelace-effect/)
  })

  it.concurrent("fails a block that throws, naming the Markdown line", async () => {
    expect(await failureOf(block("ts", `const n: number = 1\nif (n === 1) throw new Error("boom")`)))
      .toMatch(/exited with code 1[\s\S]*doc\.md:5[\s\S]*Error: boom/)
  })

  it.concurrent("fails a block that leaves a rejection unhandled", async () => {
    expect(await failureOf(block("js", `Promise.reject(new Error("nobody listens"))`))).toMatch(/exited with code 1[\s\S]*nobody listens/)
  })

  it.concurrent("fails a block that logs to console.error, even when it exits 0", async () => {
    expect(await failureOf(block("js", `console.error("something went wrong", { code: 42 })`)))
      .toMatch(/called console\.error:\n {4}something went wrong \{ code: 42 \}/)
  })

  it.concurrent("does not count Node's warnings as errors", async () => {
    expect(await failureOf(block("js", `process.emitWarning("a warning Node prints with console.error", "ExperimentalWarning")\nconsole.log("warned")`)))
      .toBeUndefined()
  })

  it.concurrent("fails a block that prints nothing", async () => {
    expect(await failureOf(block("js", `const total = 1 + 1`))).toMatch(/^printed nothing/)
  })

  it.concurrent("fails a block that keeps the process alive", async () => {
    expect(await failureOf(block("js", `import { startServer } from "stelace-effect/testing"\nawait startServer()`), { timeout: 3000 }))
      .toMatch(/did not finish within 3 s/)
  })

  it.concurrent("runs tsx and jsx blocks in a DOM with #root", async () => {
    expect(await failureOf(block("tsx", `
const root = document.getElementById("root")
if (!(root instanceof HTMLElement)) throw new Error("no #root")
root.textContent = "hello"
localStorage.setItem("key", "value")
console.log(document.body.innerHTML)`))).toBeUndefined()
    expect(await failureOf(block("jsx", `console.log(window.document.querySelector("#root").outerHTML)`))).toBeUndefined()
  })

  it.concurrent("gives tsx blocks the page's forms and events: a React form action gets the form's data", async () => {
    expect(await failureOf(block("tsx", `
import { fireEvent, screen } from "@testing-library/dom"
import { useActionState } from "react"
import { createRoot } from "react-dom/client"

function Search() {
  const [query, submit] = useActionState((_previous: string, form: FormData) => String(form.get("query")), "")
  return (
    <form action={submit}>
      <input name="query" aria-label="Query" />
      <button>Search</button>
      {query && <p>Searched {query}</p>}
    </form>
  )
}

createRoot(document.getElementById("root")!).render(<Search />)
fireEvent.change(await screen.findByLabelText("Query"), { target: { value: "bike" } })
fireEvent.click(screen.getByText("Search"))
console.log((await screen.findByText(/Searched/)).textContent)`))).toBeUndefined()
  })

  it.concurrent("ends a tsx block once its top level is done, whatever timers the page left pending", async () => {
    expect(await failureOf(block("tsx", `
setInterval(() => {}, 1000)
window.setTimeout(() => {}, 300_000)
await new Promise((resolve) => setTimeout(resolve, 50)) // the top level still waits for its own
console.log("done")`))).toBeUndefined()
  })

  const categoryCount = (count: string) => `
import { createRoot } from "react-dom/client"
createRoot(document.getElementById("root")!).render(<p>{${JSON.stringify(count)}}</p>)`

  it.concurrent("plays a block's scenario on its page once the block's top level is done", async () => {
    const { failure, stdout } = await runner.run({ ...block("tsx", categoryCount("6 categories")), scenario: "category-count" })
    expect(failure).toBeUndefined()
    expect(stdout).toBe("6 categories\n")
  })

  it.concurrent("fails a block whose page does not show what its scenario expects", async () => {
    expect(await failureOf({ ...block("tsx", categoryCount("5 categories")), scenario: "category-count" }))
      .toMatch(/exited with code 1[\s\S]*Unable to find an element with the text: 6 categories/)
  })

  it.concurrent("fails a block naming a scenario that does not exist, or naming one outside a page", async () => {
    expect(await failureOf({ ...block("tsx", categoryCount("6 categories")), scenario: "no-such-scenario" }))
      .toMatch(/no scenario named no-such-scenario/)
    expect(await failureOf({ ...block("ts", `console.log(1)`), scenario: "category-count" }))
      .toMatch(/only tsx and jsx blocks render/)
  })

  it.concurrent("fails a jsx block that leaves a server open", async () => {
    expect(await failureOf(block("jsx", `import { startServer } from "stelace-effect/testing"\nawait startServer()`), { timeout: 3000 }))
      .toMatch(/did not finish within 3 s/)
  })

  it.concurrent("fails a tsx block whose event listener throws, as the page reports it", async () => {
    expect(await failureOf(block("tsx", `
const button = document.createElement("button")
button.addEventListener("click", () => {
  throw new Error("the listener broke")
})
document.getElementById("root")!.append(button)
button.click()`))).toMatch(/called console\.error:[\s\S]*the listener broke/)
  })

  it("keeps a block's module augmentation and global declarations out of the other blocks", async () => {
    const register = `declare module "stelace-effect" {\n  interface Register { apiVersion: "2019-05-20" }\n}\n`
    const layer = (options: string) => `import { Stelace } from "stelace-effect"\nexport const live = Stelace.layerFetch(${options})`
    const blocks = [
      { ...block("ts", register + layer(`{ apiKey: "pubk_test_x" }`)), file: "registered.md" },
      { ...block("ts", register + layer(`{ apiKey: "pubk_test_x", apiVersion: "2019-05-20" }`)), file: "registered-with-version.md" },
      { ...block("ts", layer(`{ apiKey: "pubk_test_x" }`)), file: "plain.md" },
      { ...block("ts", `declare global {\n  interface Window { appName: string }\n}\nexport const name: string = window.appName`), file: "global.md" },
      { ...block("ts", `export const name: string = window.appName`), file: "other.md" }
    ]
    const diagnostics = await runner.typeCheck(blocks)
    // the registration holds in its own block...
    expect(diagnostics.get("registered.md:3")).toEqual([
      expect.stringMatching(/^registered\.md:8:\d+: error TS2345: /),
      expect.stringMatching(/Property 'apiVersion' is missing/)
    ])
    expect(diagnostics.get("registered-with-version.md:3")).toBeUndefined()
    expect(diagnostics.get("global.md:3")).toBeUndefined()
    // ...and nowhere else
    expect(diagnostics.get("plain.md:3")).toBeUndefined()
    expect(diagnostics.get("other.md:3")).toEqual([expect.stringMatching(/^other\.md:4:\d+: error TS2339: Property 'appName' does not exist/)])
    expect(diagnostics.get("")).toBeUndefined()
  })

  it("type-checks TypeScript blocks, strict, locating errors in the Markdown file", async () => {
    const blocks = [
      block("ts", `import * as Assets from "stelace-effect/Assets"\nconst list = Assets.list({ nbResultsPerPage: 10 })\nconsole.log(list)`),
      { ...block("ts", `const n: number = "one"\nexport const f = (x) => x`), file: "other.md" }
    ]
    const diagnostics = await runner.typeCheck(blocks)
    expect(diagnostics.get("doc.md:3")).toBeUndefined()
    expect(diagnostics.get("other.md:3")).toEqual([
      expect.stringMatching(/^other\.md:4:7: error TS2322: Type 'string' is not assignable to type 'number'/),
      expect.stringMatching(/^other\.md:5:19: error TS7006: Parameter 'x' implicitly has an 'any' type/)
    ])
  })
})
