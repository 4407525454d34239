// @vitest-environment happy-dom
/**
 * Every `js`/`ts`/`tsx`/`jsx` block of docs/react.md runs as printed: as an ES module (top-level
 * await), in a DOM with an element `#root`, against a fresh local backend that
 * `127.0.0.1:4100` is pointed at, importing `stelace-effect` from the sources.
 */
import { execFileSync } from "node:child_process"
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join, relative, resolve } from "node:path"
import { afterAll, describe, expect, it, vi } from "vitest"
import { startServer } from "../../src/testing/index.js"

const root = resolve(import.meta.dirname, "../..")
const work = join(root, ".tmp", "docs-react")

interface Block {
  readonly line: number
  readonly lang: string
  readonly code: string
}

const blocksOf = (markdown: string): Array<Block> => {
  const blocks: Array<Block> = []
  const fence = /^```(\w+)\n([\s\S]*?)^```$/gm
  for (const match of markdown.matchAll(fence)) {
    if (["js", "ts", "tsx", "jsx"].includes(match[1]!)) {
      blocks.push({ line: markdown.slice(0, match.index).split("\n").length, lang: match[1]!, code: match[2]! })
    }
  }
  return blocks
}

/** `stelace-effect[/Module]` from the sources (for a file in `dir`), and the local backend's port. */
const rewrite = (code: string, dir: string, port: number) =>
  code
    .replace(/(["'])stelace-effect(?:\/(\w+))?\1/g, (_all, _quote, module?: string) => {
      const path = module === undefined
        ? "src/index.js"
        : module === "react" || module === "testing"
        ? `src/${module}/index.js`
        : ["Stelace", "TokenStore", "Session", "Errors", "Types"].includes(module)
        ? `src/${module}.js`
        : `src/resources/${module}.js`
      return JSON.stringify(relative(dir, join(root, path)))
    })
    .replaceAll("127.0.0.1:4100", `127.0.0.1:${port}`)
    .replace(/("127\.0\.0\.1",\s*)4100\b/g, `$1${port}`)

const markdown = readFileSync(join(root, "docs/react.md"), "utf8")

afterAll(() => rmSync(work, { recursive: true, force: true }))

describe("docs/react.md", () => {
  it("has examples, and they type-check", () => {
    const blocks = blocksOf(markdown)
    expect(blocks.length).toBeGreaterThan(5)
    const dir = join(work, "typecheck")
    mkdirSync(dir, { recursive: true })
    for (const [index, block] of blocks.entries()) {
      // `export {}` makes each block a module of its own, as it runs
      writeFileSync(join(dir, `block-${index}.${block.lang}`), `${rewrite(block.code, dir, 4100)}\nexport {}\n`)
    }
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({
      extends: relative(dir, join(root, "tsconfig.json")),
      compilerOptions: { rootDir: relative(dir, root), allowJs: true, checkJs: true },
      include: ["*.ts", "*.tsx", "*.js", "*.jsx"]
    }))
    try {
      execFileSync(join(root, "node_modules/.bin/tsc"), ["-p", dir], { encoding: "utf8", stdio: "pipe" })
    } catch (error) {
      throw new Error(`the examples do not type-check:\n${(error as { stdout?: string }).stdout}`)
    }
  })

  for (const [index, block] of blocksOf(markdown).entries()) {
    it(`runs the ${block.lang} block at line ${block.line}`, async () => {
      const server = await startServer({ seed: "demo" })
      mkdirSync(work, { recursive: true })
      const file = join(work, `block-${index}.${block.lang}`)
      writeFileSync(file, rewrite(block.code, work, server.port))
      document.body.innerHTML = `<div id="root"></div>`
      localStorage.clear()
      const log = vi.spyOn(console, "log").mockImplementation(() => {})
      try {
        await import(/* @vite-ignore */ file)
        expect(log).toHaveBeenCalled()
      } finally {
        log.mockRestore()
        document.body.innerHTML = ""
        await server.close()
      }
    })
  }
})
