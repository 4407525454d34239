/**
 * What the package holds, as `npm pack` makes it: no more than stelace@0.14.0 unpacked, no image,
 * no source map without its sources, nothing publint objects to, and of what
 * @arethetypeswrong/cli reports, only the problems the migration guide explains.
 */
import { spawn } from "node:child_process"
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { publint } from "publint"
import { formatMessage } from "publint/utils"
import { beforeAll, describe, expect, it } from "vitest"
import { type Packed, packed, root } from "./packed.js"

let pkg: Packed

beforeAll(async () => {
  pkg = await packed()
}, 240_000)

/** Bytes of the files npm installs for a package (its own, not those of its dependencies). */
const installedSize = (dir: string): number =>
  readdirSync(dir).reduce((total, name) => {
    if (name === "node_modules") return total
    const path = join(dir, name)
    const stat = statSync(path)
    return total + (stat.isDirectory() ? installedSize(path) : stat.size)
  }, 0)

const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  exports: Record<string, string | { require?: unknown }>
}

describe("the packed package's contents", () => {
  it("takes no more room unpacked than stelace@0.14.0", () => {
    const budget = installedSize(join(root, "node_modules/stelace"))
    const byFolder = new Map<string, number>()
    for (const file of pkg.files) {
      const folder = file.path.split("/").slice(0, 2).join("/")
      byFolder.set(folder, (byFolder.get(folder) ?? 0) + file.size)
    }
    const largest = [...byFolder].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([folder, size]) => `${folder} ${size} B`)
    expect(pkg.unpackedSize, `over stelace@0.14.0's ${budget} B; largest: ${largest.join(", ")}`).toBeLessThanOrEqual(budget)
  })

  it("ships no image, and no source map whose sources it does not ship", () => {
    const paths = new Set(pkg.files.map((file) => file.path))
    expect(pkg.files.filter((file) => /\.(png|jpe?g|gif|webp|avif|svg)$/i.test(file.path)).map((file) => file.path)).toEqual([])
    const dangling = [...paths]
      .filter((path) => path.endsWith(".map"))
      .flatMap((map) => {
        const { sources } = JSON.parse(readFileSync(join(root, map), "utf8")) as { sources: Array<string> }
        return sources.map((source) => join(map, "..", source)).filter((source) => !paths.has(source))
      })
    expect(dangling).toEqual([])
  })

  it("is clean for publint, suggestions included", async () => {
    const tarball = readFileSync(pkg.tarball)
    const result = await publint({ pack: { tarball: tarball.buffer.slice(tarball.byteOffset, tarball.byteOffset + tarball.byteLength) } })
    expect(result.messages.map((message) => formatMessage(message, result.pkg) ?? message.code)).toEqual([])
  })

  it("has, for @arethetypeswrong/cli, only the problems the migration guide explains", async () => {
    const attw = join(root, "node_modules/.bin/attw")
    // a resource module stands for the `./*` pattern, which attw does not check by itself
    const args = [pkg.tarball, "--format", "json", "--no-definitely-typed", "--include-entrypoints", "./Assets"]
    // into a file: attw exits (with 1 when it reports a problem) before a pipe has taken its report
    const report = join(mkdtempSync(join(tmpdir(), "stelace-effect-attw-")), "report.json")
    const out = openSync(report, "w")
    await new Promise((resolveRun) => spawn(attw, args, { stdio: ["ignore", out, "inherit"] }).on("close", resolveRun))
    closeSync(out)
    const { analysis } = JSON.parse(readFileSync(report, "utf8")) as {
      analysis: { problems: Array<{ kind: string; entrypoint: string; resolutionKind: string }> }
    }
    const entrypoints = [...Object.keys(manifest.exports).filter((key) => !key.includes("*") && key !== "./package.json"), "./Assets"]
    const requirable = (entrypoint: string) => {
      const target = manifest.exports[entrypoint]
      return typeof target === "object" && target.require !== undefined
    }
    // TypeScript's node10 resolution ignores `exports`: it finds the root alone (through `types`)
    const node10 = entrypoints.filter((entry) => entry !== ".").map((entry) => `NoResolution ${entry} node10`)
    // the per-module entry points are ES modules alone, for bundlers: CommonJS requires the root
    const esmOnly = entrypoints.filter((entry) => !requirable(entry)).map((entry) => `CJSResolvesToESM ${entry} node16-cjs`)
    const reported = analysis.problems.map((problem) => `${problem.kind} ${problem.entrypoint} ${problem.resolutionKind}`)
    rmSync(join(report, ".."), { recursive: true, force: true })
    expect(reported.sort()).toEqual([...node10, ...esmOnly].sort())

    const guide = readFileSync(join(root, "docs/migrating-from-stelace-js.md"), "utf8")
    const unexplained = [...new Set(analysis.problems.map((problem) => problem.kind))].filter((kind) => !guide.includes(kind))
    expect(unexplained, "problems the migration guide does not name").toEqual([])
  })
})
