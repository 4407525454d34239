/**
 * Where `stelace-effect` and its subpaths (`stelace-effect/Assets`, `stelace-effect/testing`,
 * `stelace-effect/react`, ...) come from in this repository: the package's `exports` map says
 * which built file an import gets, and the source of `dist/<format>/X.js` is `src/X.ts` (or
 * `.tsx`). A subpath the map sends nowhere that exists is looked up under `src/` as
 * `src/<subpath>.ts(x)` or `src/<subpath>/index.ts(x)`, so an entry whose sources land before its
 * `exports` line still resolves.
 */
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"

type Target = string | null | { readonly [condition: string]: Target } | ReadonlyArray<Target>

const sourceExtensions = [".ts", ".tsx"]

/** The file a condition map gives an ES module import: `import`, then `default`, then any. */
const targetOf = (target: Target): string | undefined => {
  if (typeof target === "string") return target
  if (target === null) return undefined
  if (Array.isArray(target)) {
    for (const item of target) {
      const found = targetOf(item)
      if (found !== undefined) return found
    }
    return undefined
  }
  const conditions = target as { readonly [condition: string]: Target }
  for (const condition of ["import", "node", "default", ...Object.keys(conditions)]) {
    if (condition in conditions) {
      const found = targetOf(conditions[condition]!)
      if (found !== undefined) return found
    }
  }
  return undefined
}

/** `./dist/esm/resources/*.js` → `src/resources/*` (no extension). */
const sourceStem = (built: string): string =>
  built.replace(/^\.\//, "").replace(/^dist\/[^/]+\//, "src/").replace(/\.d\.[cm]?ts$|\.[cm]?js$/, "")

/** A package's exports: exact subpaths and `*` patterns, each to a source stem. */
export interface PackageSources {
  readonly name: string
  readonly root: string
  readonly exact: ReadonlyMap<string, string>
  readonly patterns: ReadonlyArray<readonly [prefix: string, suffix: string, stem: string]>
}

/** Reads `root/package.json`. */
export const readPackageSources = (root: string): PackageSources => {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { name: string; exports: Record<string, Target> }
  const exact = new Map<string, string>()
  const patterns: Array<readonly [string, string, string]> = []
  for (const [key, value] of Object.entries(pkg.exports)) {
    const built = targetOf(value)
    if (built === undefined || !/\.[cm]?js$|\.d\.[cm]?ts$/.test(built)) continue
    const subpath = key === "." ? "" : key.slice(2)
    const star = subpath.indexOf("*")
    if (star === -1) exact.set(subpath, sourceStem(built))
    else patterns.push([subpath.slice(0, star), subpath.slice(star + 1), sourceStem(built)])
  }
  // longest prefix first, as Node matches patterns
  patterns.sort((a, b) => b[0].length - a[0].length)
  return { name: pkg.name, root, exact, patterns }
}

const firstExisting = (root: string, stems: ReadonlyArray<string>): string | undefined => {
  for (const stem of stems) {
    for (const extension of sourceExtensions) {
      const path = join(root, stem + extension)
      if (existsSync(path)) return path
    }
  }
  return undefined
}

/** `subpath` under `src/`: `src/<subpath>` or `src/<subpath>/index`. */
const layoutStems = (subpath: string): Array<string> =>
  subpath === "" ? ["src/index"] : [`src/${subpath}`, `src/${subpath}/index`]

/** The source file of `specifier` (`stelace-effect`, `stelace-effect/Assets`, ...), if the package has it. */
export const sourceOf = (sources: PackageSources, specifier: string): string | undefined => {
  if (specifier !== sources.name && !specifier.startsWith(`${sources.name}/`)) return undefined
  const subpath = specifier.slice(sources.name.length + 1)
  const stems: Array<string> = []
  const exact = sources.exact.get(subpath)
  if (exact !== undefined) stems.push(exact)
  for (const [prefix, suffix, stem] of sources.patterns) {
    if (subpath.startsWith(prefix) && subpath.endsWith(suffix) && subpath.length >= prefix.length + suffix.length) {
      stems.push(stem.replace("*", subpath.slice(prefix.length, subpath.length - suffix.length)))
    }
  }
  return firstExisting(sources.root, [...stems, ...layoutStems(subpath)])
}

/** The same resolution as TypeScript `paths` (absolute), for type-checking blocks. */
export const typeScriptPaths = (sources: PackageSources): Record<string, Array<string>> => {
  const candidates = (stems: ReadonlyArray<string>) =>
    stems.flatMap((stem) => sourceExtensions.map((extension) => join(sources.root, stem + extension)))
  const paths: Record<string, Array<string>> = {}
  for (const [subpath, stem] of sources.exact) {
    paths[subpath === "" ? sources.name : `${sources.name}/${subpath}`] = candidates([stem, ...layoutStems(subpath)])
  }
  for (const [prefix, suffix, stem] of sources.patterns) {
    paths[`${sources.name}/${prefix}*${suffix}`] = candidates([stem, `src/${prefix}*${suffix}`, `src/${prefix}*${suffix}/index`])
  }
  paths[`${sources.name}/*`] ??= candidates(["src/*", "src/*/index"])
  return paths
}
