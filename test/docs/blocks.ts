/**
 * The code blocks of the docs: which Markdown files are read, which fenced blocks are programs,
 * and how each one runs.
 */
import { readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"

/** The fence languages whose blocks are programs: every one of them runs. */
export const runnableLanguages: ReadonlySet<string> = new Set(["js", "javascript", "mjs", "cjs", "ts", "typescript", "tsx", "jsx"])

/** A fenced code block that is a program. */
export interface CodeBlock {
  /** The Markdown file, relative to the repository root, with `/` separators: `docs/effect-guide.md`. */
  readonly file: string
  /** The line of the opening fence (1-based). */
  readonly line: number
  /** The fence's language, as written. */
  readonly language: string
  /** The block's text, without the fence's indentation. */
  readonly code: string
  /** `cjs`: CommonJS; `esm`: an ES module with top-level await. */
  readonly module: "esm" | "cjs"
  /** TypeScript, type-checked before it runs. */
  readonly typescript: boolean
  /** JSX: runs in a DOM with an element `#root`. */
  readonly dom: boolean
  /** The esbuild loader for the block's text. */
  readonly loader: "js" | "ts" | "jsx" | "tsx"
  /**
   * What a reader does on the page the block renders, and what they see there: a scenario of
   * `scenarios.ts`, named in the fence (```` ```tsx scenario=login-form ````), played after the
   * block's top level. The checks live there, so the block reads as user code.
   */
  readonly scenario: string | undefined
}

/** `README.md` and every `docs/**\/*.md`, relative to `root`, in a stable order. */
export const markdownFiles = (root: string): Array<string> => {
  const docs = join(root, "docs")
  const found: Array<string> = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.name.endsWith(".md")) found.push(relative(root, path).split("\\").join("/"))
    }
  }
  try {
    walk(docs)
  } catch {
    // no docs folder
  }
  return ["README.md", ...found.sort()]
}

/**
 * A `js` (or `javascript`) block is CommonJS when it uses `require`, `module.exports` or `exports.`
 * and has no `import` or `export` statement; otherwise it is an ES module. `cjs` is always
 * CommonJS, `mjs` always an ES module.
 */
const usesCommonJs = (code: string): boolean =>
  /\brequire\s*\(|\bmodule\.exports\b|^\s*exports\./m.test(code) &&
  !/^\s*(import\s*[\w{*"'\s]|export\s)/m.test(code)

const describe = (language: string, code: string): Pick<CodeBlock, "module" | "typescript" | "dom" | "loader"> => {
  switch (language) {
    case "ts":
    case "typescript":
      return { module: "esm", typescript: true, dom: false, loader: "ts" }
    case "tsx":
      return { module: "esm", typescript: true, dom: true, loader: "tsx" }
    case "jsx":
      return { module: "esm", typescript: false, dom: true, loader: "jsx" }
    case "cjs":
      return { module: "cjs", typescript: false, dom: false, loader: "js" }
    case "mjs":
      return { module: "esm", typescript: false, dom: false, loader: "js" }
    default:
      return { module: usesCommonJs(code) ? "cjs" : "esm", typescript: false, dom: false, loader: "js" }
  }
}

const fenceOpen = /^( *)(`{3,}|~{3,})\s*([^\s`{]*)(.*)$/

/** The program blocks of one Markdown file (blocks nested in list items included). */
export const extractBlocks = (file: string, markdown: string): Array<CodeBlock> => {
  const lines = markdown.split(/\r?\n/)
  const blocks: Array<CodeBlock> = []
  for (let i = 0; i < lines.length; i++) {
    const open = fenceOpen.exec(lines[i]!)
    if (open === null) continue
    const [, indent, fence, info, rest] = open as unknown as [string, string, string, string, string]
    const close = new RegExp(`^ *${fence[0] === "`" ? "`" : "~"}{${fence.length},}\\s*$`)
    const body: Array<string> = []
    let j = i + 1
    while (j < lines.length && !close.test(lines[j]!)) {
      const text = lines[j]!
      body.push(text.startsWith(indent) ? text.slice(indent.length) : text.trimStart())
      j++
    }
    const language = info.toLowerCase()
    if (runnableLanguages.has(language)) {
      const code = `${body.join("\n")}\n`
      const scenario = /(?:^|\s)scenario=([\w-]+)/.exec(rest)?.[1]
      blocks.push({ file, line: i + 1, language, code, ...describe(language, code), scenario })
    }
    i = j
  }
  return blocks
}

/** The program blocks of every docs file under `root`. */
export const docsBlocks = (root: string): Array<CodeBlock> =>
  markdownFiles(root).flatMap((file) => extractBlocks(file, readFileSync(join(root, file), "utf8")))

/**
 * Whether the block declares types beyond itself: for another module (`declare module "..."`, as
 * in registering the API version on `stelace-effect`'s `Register`) or for the global scope
 * (`declare global`, a `/// <reference ...>` directive). Such a block is type-checked in a program
 * of its own, so its declarations reach no other block: every block compiles as it would alone.
 */
export const declaresBeyondItself = (code: string): boolean =>
  /^\s*declare\s+(?:module\s*["']|global\b)|^\s*\/\/\/\s*<reference\b/m.test(code)

/** The port the docs tell readers `npm start` serves the API on. */
export const DOCS_PORT = 4100

/** The block with every `4100` (as in `127.0.0.1:4100`, `port: 4100`, `setHost("127.0.0.1", 4100, "http")`) replaced by `port`. */
export const withPort = (code: string, port: number): string => code.replace(/\b4100\b/g, String(port))

/**
 * The block's text, preceded by as many empty lines as come before its first line in the Markdown
 * file: line numbers in compiler errors and stack traces are the Markdown file's.
 */
export const alignedSource = (block: CodeBlock, code: string = block.code): string => "\n".repeat(block.line) + code
