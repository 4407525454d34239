/**
 * The demo's layout, as a team that forks it reads it: one folder per feature under
 * `src/features/`, and a feature uses another only through what that one exports from its
 * `index.ts`, never its internals.
 */
import { readdirSync, readFileSync, statSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { parseAst } from "rolldown/parseAst"
import { describe, expect, it } from "vitest"

const features = fileURLToPath(new URL("../../demo/src/features/", import.meta.url))

const modules = (dir: string): Array<string> =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? modules(path) : /\.tsx?$/.test(name) ? [path] : []
  })

/** The modules a module imports by a relative path, as paths from the features' folder. */
const imports = (file: string): Array<string> => {
  const program = parseAst(readFileSync(file, "utf8"), { lang: file.endsWith(".tsx") ? "tsx" : "ts" }, file) as unknown as {
    body: Array<{ source?: { value?: unknown } | null }>
  }
  return program.body.flatMap((node) => {
    const source = node.source?.value
    return typeof source === "string" && source.startsWith(".") ? [relative(features, resolve(dirname(file), source)).replace(/\.js$/, "")] : []
  })
}

/** The feature a path from the features' folder is in, if any. */
const featureOf = (path: string) => (path.startsWith("..") ? undefined : path.split("/")[0])

describe("the demo's features", () => {
  it("are search, listings, bookings, inbox and account", () => {
    expect(readdirSync(features).sort()).toEqual(["account", "bookings", "inbox", "listings", "search"])
  })

  it("use one another only through each one's index", () => {
    const reaching = modules(features).flatMap((file) => {
      const from = relative(features, file)
      return imports(file)
        .filter((target) => featureOf(target) !== undefined && featureOf(target) !== featureOf(from) && !target.endsWith("/index"))
        .map((target) => `${from} imports ${target}`)
    })
    expect(modules(features).length).toBeGreaterThan(40)
    expect(reaching).toEqual([])
  })
})
