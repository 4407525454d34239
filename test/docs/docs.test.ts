/**
 * Docs that run: every `js`, `javascript`, `mjs`, `cjs`, `ts`, `typescript`, `tsx` and `jsx`
 * block of `README.md` and `docs/**\/*.md` runs as a complete program against the in-memory
 * backend, one test per block, named `<file>:<line>` (the line of the opening fence).
 *
 * - Module kind: `cjs` blocks are CommonJS; `js` / `javascript` blocks are CommonJS when they use
 *   `require` (or `module.exports`) and have no `import` / `export`, otherwise ES modules; all the
 *   others are ES modules, where top-level `await` works.
 * - TypeScript (`ts`, `typescript`, `tsx`) is type-checked first, strict, as ES modules (`tsc`
 *   with `module: NodeNext`, `jsx: react-jsx`): a block that does not compile fails. The blocks
 *   are checked together in one program, except those that declare types for another module or
 *   the global scope (`declare module "..."`, `declare global`, `/// <reference>`): each of those
 *   is checked in a program of its own, so its declarations reach no other block.
 * - Imports of `stelace-effect` and its subpaths resolve to this repository's sources through
 *   package.json's `exports` (see `packageSources.ts`); everything else (`effect/*`, `react`...)
 *   comes from node_modules. A subpath the package does not export fails, as it would for users.
 * - Each block gets its own backend (`startServer`, demo seed) on a free port; every `4100` in the
 *   block (`127.0.0.1:4100`, `port: 4100`, `setHost("127.0.0.1", 4100, "http")`) becomes that
 *   port. The environment has `STELACE_API_KEY` and `STELACE_PUBLISHABLE_API_KEY` (the
 *   publishable key) and `STELACE_SECRET_API_KEY` (the secret key) of that backend.
 * - `tsx` and `jsx` blocks run in a page (see `dom.ts`): a happy-dom window with
 *   `<div id="root"></div>` in the body, whose documents, events and forms (`FormData`) are the
 *   globals. Timers keep such a block running only until its top-level code is done: a page's
 *   pending timers (TanStack Query's garbage collection...) are dropped, as a closed tab's are.
 * - A `tsx` or `jsx` block may name a scenario in its fence (```` ```tsx scenario=login-form ````):
 *   what a reader does on the page and sees there, played after the block (see `scenarios.ts`).
 *   The checks live there, so that the block reads as user code.
 * - A block passes when its process exits with code 0 within 20 seconds, having printed something
 *   and without having called `console.error`. So it fails if it throws, rejects, leaves an
 *   unhandled rejection, logs an error, prints nothing (an example shows its reader what it did),
 *   or keeps the process alive (an open server or socket, an interval, a stream that never ends).
 *
 * `DOCS_OUTPUT=1 npx vitest run test/docs/docs.test.ts` prints what each block printed.
 */
import { resolve } from "node:path"
import { afterAll, beforeAll, expect, it } from "vitest"
import { docsBlocks } from "./blocks.js"
import { scenarios } from "./scenarios.js"
import type { Diagnostics, Runner } from "./runner.js"
import { BLOCK_TIMEOUT, makeRunner, nameOf } from "./runner.js"

const root = resolve(import.meta.dirname, "../..")
const blocks = docsBlocks(root)

let runner: Runner
let diagnostics: Diagnostics

beforeAll(async () => {
  runner = await makeRunner(root)
  diagnostics = await runner.typeCheck(blocks.filter((block) => block.typescript))
}, 60_000)

afterAll(() => runner?.dispose())

it("finds the README's code blocks", () => {
  expect(blocks.filter((block) => block.file === "README.md").length).toBeGreaterThan(0)
})

it("plays every scenario on a block, and finds the scenario of every block that names one", () => {
  const named = new Set(blocks.flatMap((block) => (block.scenario === undefined ? [] : [block.scenario])))
  expect([...named].filter((name) => !(name in scenarios))).toEqual([])
  expect(Object.keys(scenarios).filter((name) => !named.has(name))).toEqual([])
})

it("compiles the modules the TypeScript blocks import", () => {
  expect(diagnostics.get("") ?? []).toEqual([])
})

for (const block of blocks) {
  it.concurrent(nameOf(block), async () => {
    const errors = diagnostics.get(nameOf(block))
    if (errors !== undefined) throw new Error(`does not compile:\n${errors.join("\n")}`)
    const { failure, stdout } = await runner.run(block)
    if (failure !== undefined) throw new Error(failure)
    if (process.env.DOCS_OUTPUT) console.log(`${nameOf(block)}\n${stdout}`)
  }, BLOCK_TIMEOUT + 20_000)
}
