/**
 * Runs docs code blocks as the programs a reader would paste: type-checked when TypeScript, bundled
 * with esbuild (the package's own imports from its sources), then run by Node in a process of
 * their own against a fresh in-memory backend.
 */
import { spawn } from "node:child_process"
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { SourceMap } from "node:module"
import { tmpdir } from "node:os"
import { dirname, join, resolve } from "node:path"
import { pathToFileURL } from "node:url"
import * as esbuild from "esbuild"
import { startServer } from "../../src/testing/index.js"
import type { CodeBlock } from "./blocks.js"
import { alignedSource, declaresBeyondItself, withPort } from "./blocks.js"
import type { PackageSources } from "./packageSources.js"
import { readPackageSources, sourceOf, typeScriptPaths } from "./packageSources.js"

/** How long a block may run, by default. */
export const BLOCK_TIMEOUT = 20_000

/** The test name of a block: `docs/effect-guide.md:12`. */
export const nameOf = (block: CodeBlock): string => `${block.file}:${block.line}`

/** A file name for the block: `docs__effect-guide.md@12`. */
const slugOf = (block: CodeBlock) => `${block.file.replaceAll("/", "__")}@${block.line}`

/** The type-checker's complaints, by block name; `""` holds those about other files. */
export type Diagnostics = ReadonlyMap<string, ReadonlyArray<string>>

/** What running a block gave. */
export interface Outcome {
  readonly code: number | null
  readonly timedOut: boolean
  readonly stdout: string
  readonly stderr: string
  readonly consoleErrors: ReadonlyArray<string>
}

/** What a block did. */
export interface RunResult {
  readonly failure: string | undefined
  readonly stdout: string
}

/** A place to run blocks from. */
export interface Runner {
  /**
   * Type-checks TypeScript blocks: those that declare types beyond themselves (`declare module`,
   * `declare global`, `/// <reference>`) each in a program of their own, all the others together
   * in one; the `tsc` runs go in parallel.
   */
  readonly typeCheck: (blocks: ReadonlyArray<CodeBlock>) => Promise<Diagnostics>
  /**
   * Runs one block against a fresh backend (demo seed): why it failed (`undefined` when it passed)
   * and what it printed. Does not type-check.
   */
  readonly run: (block: CodeBlock, options?: { readonly timeout?: number }) => Promise<RunResult>
  /** Removes the working folder. */
  readonly dispose: () => void
}

/** The environment of a block: a reader's shell, with the local backend's keys. */
export const environment = (server: { readonly publishableApiKey: string; readonly secretApiKey: string }): Record<string, string> => {
  const env: Record<string, string> = {
    STELACE_API_KEY: server.publishableApiKey,
    STELACE_PUBLISHABLE_API_KEY: server.publishableApiKey,
    STELACE_SECRET_API_KEY: server.secretApiKey
  }
  for (const name of ["PATH", "HOME", "TMPDIR", "LANG", "TZ"]) {
    const value = process.env[name]
    if (value !== undefined) env[name] = value
  }
  return env
}

/** Bare imports: the package's own from its sources, the rest left to Node (node_modules). */
const packageSourcesPlugin = (sources: PackageSources): esbuild.Plugin => ({
  name: "package-sources",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      const source = sourceOf(sources, args.path)
      if (source !== undefined) return { path: source }
      if (args.path === sources.name || args.path.startsWith(`${sources.name}/`)) {
        return { errors: [{ text: `"${args.path}" is not exported by ${sources.name}` }] }
      }
      return { external: true }
    })
  }
})

const indent = (text: string) => text.trimEnd().split("\n").map((line) => `    ${line}`).join("\n")

/** Why a run failed, or `undefined`. */
export const failureOf = (outcome: Outcome, timeout: number): string | undefined => {
  const problems: Array<string> = []
  if (outcome.timedOut) {
    problems.push(`did not finish within ${timeout / 1000} s: something keeps it alive (a server or socket left open, an interval, a stream or promise that never ends)`)
  } else if (outcome.code !== 0) {
    problems.push(`exited with code ${outcome.code}`)
  }
  for (const text of outcome.consoleErrors) problems.push(`called console.error:\n${indent(text)}`)
  if (problems.length === 0 && outcome.stdout.trim() === "") {
    problems.push("printed nothing: an example shows its reader what it did (console.log what it found)")
  }
  if (problems.length === 0) return undefined
  const sections = [problems.join("\n")]
  if (outcome.stderr.trim() !== "") sections.push(`stderr:\n${indent(outcome.stderr)}`)
  if (outcome.stdout.trim() !== "") sections.push(`stdout:\n${indent(outcome.stdout)}`)
  return sections.join("\n")
}

/** The build's errors, located in the Markdown file. */
const buildFailure = (block: CodeBlock, entry: string, error: unknown): string => {
  const messages = (error as { errors?: ReadonlyArray<esbuild.Message> }).errors
  if (messages === undefined) return String(error)
  return `does not build:\n${messages.map((message) =>
    message.location === null
      ? `${block.file}: ${message.text}`
      : `${resolve(message.location.file) === entry ? block.file : message.location.file}:${message.location.line}:${message.location.column + 1}: ${message.text}`
  ).join("\n")}`
}

/**
 * `text` with the program's positions (`out/x.mjs:12:5`) turned into those of its sources: the
 * block's (its Markdown file, whose line numbers it keeps) or the package's. Done only for a
 * failure: Node's `--enable-source-maps` would also read effect's source maps, and double the
 * run time of every block.
 */
const locateStack = (text: string, program: string, block: CodeBlock, entry: string): string => {
  if (!text.includes(program)) return text
  const map = new SourceMap(JSON.parse(readFileSync(`${program}.map`, "utf8")))
  const escaped = program.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
  return text.replace(new RegExp(`(?:file://)?${escaped}:(\\d+)(?::(\\d+))?`, "g"), (found, line: string, column?: string) => {
    const origin = map.findEntry(Number(line) - 1, Number(column ?? 1) - 1) as { originalSource?: string; originalLine?: number; originalColumn?: number }
    if (origin.originalSource === undefined || origin.originalLine === undefined) return found
    const source = resolve(dirname(program), origin.originalSource.replace(/^file:\/\//, ""))
    const name = source === entry ? block.file : source
    return `${name}:${origin.originalLine + 1}${column === undefined ? "" : `:${(origin.originalColumn ?? 0) + 1}`}`
  })
}

/** Prepares a working folder for the package at `root`. */
export const makeRunner = async (root: string): Promise<Runner> => {
  const sources = readPackageSources(root)
  const work = mkdtempSync(join(tmpdir(), "stelace-effect-docs-"))
  for (const dir of ["check", "blocks", "out"]) mkdirSync(join(work, dir))
  // programs import effect, react... as a reader's project does: from its node_modules
  symlinkSync(join(root, "node_modules"), join(work, "node_modules"), "dir")
  writeFileSync(join(work, "package.json"), JSON.stringify({ type: "module", private: true }))
  const compile = (name: string) =>
    esbuild.build({
      entryPoints: [join(import.meta.dirname, `${name}.ts`)],
      outfile: join(work, `${name}.mjs`),
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      packages: "external",
      logLevel: "silent"
    })
  await Promise.all([compile("preload"), compile("dom")])
  const preloads = { console: pathToFileURL(join(work, "preload.mjs")).href }
  const pages = { dom: join(work, "dom.mjs") }
  const plugin = packageSourcesPlugin(sources)
  let runs = 0

  /** Type-checks `files` (in `check/`) as one program; its complaints, by block name. */
  const checkProgram = (name: string, files: ReadonlyMap<string, CodeBlock>): Promise<Map<string, Array<string>>> => {
    const config = `tsconfig.${name}.json`
    writeFileSync(join(work, config), JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        lib: ["ES2022", "DOM", "DOM.Iterable"],
        module: "NodeNext",
        moduleResolution: "NodeNext",
        moduleDetection: "force",
        strict: true,
        verbatimModuleSyntax: true,
        isolatedModules: true,
        esModuleInterop: true,
        skipLibCheck: true,
        noEmit: true,
        jsx: "react-jsx",
        types: ["node"],
        paths: typeScriptPaths(sources)
      },
      files: [...files.keys()].map((file) => `check/${file}`)
    }, null, 2))
    return new Promise((settle, reject) => {
      const child = spawn(join(root, "node_modules/.bin/tsc"), ["-p", config, "--pretty", "false"], {
        cwd: work,
        stdio: ["ignore", "pipe", "pipe"]
      })
      let output = ""
      child.stdout.on("data", (chunk: Buffer) => (output += chunk))
      child.stderr.on("data", (chunk: Buffer) => (output += chunk))
      child.on("error", reject)
      child.on("close", () => {
        const found = new Map<string, Array<string>>()
        const add = (key: string, line: string) => {
          const list = found.get(key) ?? []
          list.push(line)
          found.set(key, list)
          return key
        }
        let current = ""
        for (const line of output.split("\n")) {
          const diagnostic = /^(.*?)\((\d+),(\d+)\): (error .*)$/.exec(line)
          if (diagnostic !== null) {
            const [, path, row, column, message] = diagnostic as unknown as [string, string, string, string, string]
            const block = files.get(path.replace(/^.*\//, ""))
            current = block === undefined ? add("", line) : add(nameOf(block), `${block.file}:${row}:${column}: ${message}`)
          } else if (line.trim() !== "") {
            add(current, line)
          }
        }
        settle(found)
      })
    })
  }

  const typeCheck = async (blocks: ReadonlyArray<CodeBlock>): Promise<Diagnostics> => {
    // one program for the blocks that declare nothing beyond themselves, one for each that does
    const programs = new Map<string, Map<string, CodeBlock>>()
    for (const block of blocks) {
      const file = `${slugOf(block)}.${block.loader === "tsx" ? "tsx" : "ts"}`
      writeFileSync(join(work, "check", file), alignedSource(block))
      const program = declaresBeyondItself(block.code) ? slugOf(block) : "shared"
      const files = programs.get(program) ?? new Map<string, CodeBlock>()
      files.set(file, block)
      programs.set(program, files)
    }
    const found = new Map<string, Array<string>>()
    for (const diagnostics of await Promise.all([...programs].map(([name, files]) => checkProgram(name, files)))) {
      for (const [key, lines] of diagnostics) {
        const known = found.get(key) ?? []
        // the programs share the package's modules: an error about them is reported once
        found.set(key, [...known, ...lines.filter((line) => !known.includes(line))])
      }
    }
    return found
  }

  const execute = (program: string, block: CodeBlock, env: Record<string, string>, timeout: number): Promise<Outcome> =>
    new Promise((settle, reject) => {
      // a DOM block runs inside its page (dom.ts), which closes once the block's top level, and
      // then its scenario, are done
      const page = block.dom ? [pages.dom, ...(block.scenario === undefined ? [] : [`--scenario=${block.scenario}`])] : []
      const args = ["--import", preloads.console, ...page, program]
      const child = spawn(process.execPath, args, { cwd: work, env, stdio: ["ignore", "pipe", "pipe", "pipe"] })
      let stdout = ""
      let stderr = ""
      let reports = ""
      let timedOut = false
      child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk))
      child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk))
      ;(child.stdio[3] as NodeJS.ReadableStream).on("data", (chunk: Buffer) => (reports += chunk))
      const timer = setTimeout(() => {
        timedOut = true
        child.kill("SIGKILL")
      }, timeout)
      child.on("error", reject)
      child.on("close", (code) => {
        clearTimeout(timer)
        const consoleErrors = reports.split("\n").filter((line) => line !== "")
          .map((line) => (JSON.parse(line) as { consoleError: string }).consoleError)
        settle({ code, timedOut, stdout, stderr, consoleErrors })
      })
    })

  const run = async (block: CodeBlock, options?: { readonly timeout?: number }): Promise<RunResult> => {
    const timeout = options?.timeout ?? BLOCK_TIMEOUT
    if (block.scenario !== undefined && !block.dom) {
      return { failure: `names the scenario ${block.scenario}: a scenario plays on a page, which only tsx and jsx blocks render`, stdout: "" }
    }
    const server = await startServer({ seed: "demo" })
    try {
      const slug = `${slugOf(block)}-${++runs}`
      const entry = join(work, "blocks", `${slug}.${block.loader}`)
      const program = join(work, "out", `${slug}.${block.module === "cjs" ? "cjs" : "mjs"}`)
      writeFileSync(entry, alignedSource(block, withPort(block.code, server.port)))
      try {
        await esbuild.build({
          entryPoints: [entry],
          outfile: program,
          bundle: true,
          platform: "node",
          format: block.module,
          target: "node20",
          jsx: "automatic",
          keepNames: true,
          sourcemap: "external",
          logLevel: "silent",
          plugins: [plugin]
        })
      } catch (error) {
        return { failure: buildFailure(block, entry, error), stdout: "" }
      }
      const outcome = await execute(program, block, environment(server), timeout)
      const failure = failureOf(outcome, timeout)
      return { failure: failure && locateStack(failure, program, block, entry), stdout: outcome.stdout }
    } finally {
      await server.close()
    }
  }

  return { typeCheck, run, dispose: () => rmSync(work, { recursive: true, force: true }) }
}
