/**
 * The route table is the one place a route is declared: the resource modules, the root exports,
 * the facade's families, the route schemas and the API reference are generated from it, and must
 * not drift.
 */
import { execFileSync } from "node:child_process"
import { readdirSync, readFileSync } from "node:fs"
import { resolve } from "node:path"
import { describe, expect, it } from "vitest"
import { createInstance } from "../../src/index.js"
import { resources } from "../../src/facade/resources.js"

const root = resolve(import.meta.dirname, "../..")

/** The API reference's sections, by heading. */
const referenceSections = (): Map<string, string> => {
  const text = readFileSync(resolve(root, "docs/api-reference.md"), "utf8")
  return new Map(text.split(/^## /m).slice(1).map((section) => [section.slice(0, section.indexOf("\n")), section]))
}

/** Whether a reference section lists `name` as a method (`` `name(`` or `` `name` ``). */
const lists = (section: string, name: string) => section.includes(`\`${name}(`) || section.includes(`\`${name}\``)

describe("the files generated from the route table", () => {
  it("are what `npm run generate` writes today", () => {
    const check = () =>
      execFileSync(process.execPath, ["scripts/generate.mjs", "--check"], { cwd: root, encoding: "utf8", stdio: "pipe" })
    expect(check).not.toThrow()
  })
})

describe("the API reference", () => {
  const sections = referenceSections()

  it("lists every function of every resource module", async () => {
    // Forward is not a route of the table: the reference sends its readers to the Effect guide
    const modules = readdirSync(resolve(root, "src/resources")).map((file) => file.replace(/\.ts$/, "")).filter((name) => name !== "Forward")
    const missing: Array<string> = []
    for (const name of modules) {
      const module = (await import(`../../src/resources/${name}.ts`)) as Record<string, unknown>
      const section = sections.get(name)
      if (section === undefined) missing.push(`${name} (no section)`)
      else for (const fn of Object.keys(module)) if (!lists(section, fn)) missing.push(`${name}.${fn}`)
    }
    expect(missing).toEqual([])
  })

  it("lists every method of a facade instance's families, under the family's property", () => {
    const stelace = createInstance({ apiKey: "pubk_test_reference00000000000000" }) as unknown as Record<string, Record<string, unknown>>
    const sectionOf = new Map([...sections.values()].map((section) => [/`stelace\.(\w+)\.<method>`/.exec(section)?.[1], section]))
    const missing: Array<string> = []
    for (const property of Object.keys(resources)) {
      const section = sectionOf.get(property)
      if (section === undefined) missing.push(`stelace.${property} (no section)`)
      // receiving signals is not a route: docs/signal.md covers `signal.subscribe`
      else for (const method of Object.keys(stelace[property]!)) if (method !== "subscribe" && !lists(section, method)) missing.push(`stelace.${property}.${method}`)
    }
    expect(missing).toEqual([])
  })
})
