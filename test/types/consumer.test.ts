/**
 * What a strict TypeScript user sees: the package's declarations (emitted as `npm run build` does,
 * behind the real `exports` map) compiled with `strict`, `exactOptionalPropertyTypes` and
 * `noUncheckedIndexedAccess` against the apps in `consumer/` and `registered/`; and, through the
 * TypeScript language service, the doc comments an editor shows on the facade's methods.
 */
import { execFileSync } from "node:child_process"
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { API } from "typescript/unstable/sync"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as E from "../../src/internal/routes/table.js"
import { resources } from "../../src/facade/resources.js"

const root = resolve(import.meta.dirname, "../..")
const tsc = join(root, "node_modules/.bin/tsc")
let work: string

const compilerOptions = {
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  module: "nodenext",
  moduleResolution: "nodenext",
  target: "es2022",
  lib: ["es2022", "dom"],
  noEmit: true,
  skipLibCheck: true,
  types: []
}

/** A project folder in the consumer's workspace, holding `files`. */
const project = (name: string, files: Record<string, string>) => {
  const dir = join(work, name)
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module" }))
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, files: Object.keys(files) }))
  for (const [file, content] of Object.entries(files)) writeFileSync(join(dir, file), content)
  return dir
}

const compile = (dir: string) => {
  try {
    execFileSync(tsc, ["-p", "tsconfig.json"], { cwd: dir, encoding: "utf8", stdio: "pipe" })
    return ""
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error)
  }
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "stelace-effect-types-"))
  const pkg = join(work, "node_modules/stelace-effect")
  execFileSync(tsc, ["-p", "tsconfig.build.json", "--emitDeclarationOnly", "--declarationMap", "false", "--outDir", join(pkg, "dist/esm")], {
    cwd: root,
    stdio: "pipe"
  })
  copyFileSync(join(root, "package.json"), join(pkg, "package.json"))
  symlinkSync(join(root, "node_modules/effect"), join(work, "node_modules/effect"), "dir")
}, 60_000)

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true })
})

const read = (file: string) => execFileSync("cat", [join(import.meta.dirname, file)], { encoding: "utf8" })

describe("a strict TypeScript consumer", () => {
  it("compiles the issue's examples, the version-typed lists and the branded-id rules", () => {
    expect(compile(project("consumer", { "app.ts": read("consumer/app.ts") }))).toBe("")
  }, 30_000)

  it("types each route's errors: reasons catchReason handles, SessionExpired and DecodeError only where they can happen", () => {
    expect(compile(project("errors", { "errors.ts": read("consumer/errors.ts") }))).toBe("")
  }, 30_000)

  it("reports the error misuse the @ts-expect-error lines of errors.ts mark", () => {
    const source = read("consumer/errors.ts").replaceAll("// @ts-expect-error", "// (expected error)")
    const output = compile(project("errors-misuse", { "errors.ts": source }))
    const errors = output.split("\n").filter((line) => line.includes("error TS"))
    expect(errors.length).toBe(source.split("// (expected error)").length - 1)
    expect(output).toContain(`'"Teapot"' is not assignable`)
    expect(output).toContain(`'"SessionExpired"' is not assignable`)
    expect(output).toContain(`'"DecodeError"' is not assignable`)
    expect(output).toMatch(/No overload matches this call[\s\S]*DecodingNotRegistered/)
  }, 30_000)

  it("types Effect lists by the API version it registers", () => {
    expect(compile(project("registered", { "app.ts": read("registered/app.ts") }))).toBe("")
  }, 30_000)

  it("reports the misuse the @ts-expect-error lines mark (the checks are live)", () => {
    const source = read("consumer/app.ts").replaceAll("// @ts-expect-error", "// (expected error)")
    const output = compile(project("misuse", { "app.ts": source }))
    const errors = output.split("\n").filter((line) => line.includes("error TS"))
    expect(errors.length).toBe(source.split("// (expected error)").length - 1)
    expect(output).toContain("Argument of type 'UserId' is not assignable to parameter of type 'IdInput<AssetId>'")
  }, 30_000)
})

describe("the facade's methods in an editor", () => {
  it("show the doc comments of the Effect functions", () => {
    const familyOf = new Map<unknown, string>(Object.entries(E).map(([name, family]) => [family, name]))
    const lines = [`import * as Sdk from "stelace-effect"`, `declare const stelace: Sdk.StelaceInstance`]
    const pairs: Array<{ readonly facade: string; readonly effect: string }> = []
    for (const [property, family] of Object.entries(resources)) {
      const name = familyOf.get(family) ?? familyOf.get(Object.getPrototypeOf(family)) ??
        [...familyOf].find(([candidate]) => Object.values(candidate as object).every((route) => Object.values(family).includes(route)))?.[1]
      // the module is the family capitalized, except where the table's `@module` names it
      const named: Record<string, string> = { config: "Configuration", signal: "Signals" }
      const module = named[name!] ?? name![0]!.toUpperCase() + name!.slice(1)
      for (const method of Object.keys(family)) {
        const route = (E as Record<string, Record<string, unknown>>)[name!]![method] ? method : "results"
        pairs.push({ facade: `stelace.${property}.${method}`, effect: `Sdk.${module}.${route}` })
      }
    }
    for (const { facade, effect } of pairs) lines.push(`void ${facade}`, `void ${effect}`)
    const dir = project("editor", { "probe.ts": `${lines.join("\n")}\n` })
    const text = `${lines.join("\n")}\n`

    const api = new API({ cwd: dir })
    try {
      const snapshot = api.updateSnapshot({ openProject: join(dir, "tsconfig.json") })
      const file = join(dir, "probe.ts")
      const project = snapshot.getDefaultProjectForFile(file)!
      const docAt = (expression: string) => {
        const position = text.indexOf(`void ${expression}\n`) + `void ${expression}`.length - 1
        return project.checker.getSymbolAtPosition(file, position)?.getDocumentationComment(project.checker) ?? ""
      }
      for (const { facade, effect } of pairs) {
        const doc = docAt(effect)
        expect(doc, effect).not.toBe("")
        expect(docAt(facade).startsWith(doc), `${facade} shows the doc of ${effect}`).toBe(true)
      }
    } finally {
      api.close()
    }
  }, 30_000)
})
