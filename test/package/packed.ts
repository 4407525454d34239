/**
 * The package as users get it (`npm pack`), and apps installed against it: the ground of the
 * packed-package tests.
 *
 * Test files run in parallel, and `npm pack` builds into this repository's dist/. So the first file
 * to ask packs, under a lock, and the others wait for its tarball. The tarball is kept under a hash
 * of what the build reads, and a later run reuses it until one of those files changes.
 */
import { execFile, execFileSync } from "node:child_process"
import { createHash } from "node:crypto"
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, relative, resolve } from "node:path"
import { promisify } from "node:util"

export const root = resolve(import.meta.dirname, "../..")

/** What `npm pack` reads, through the build or directly. */
const buildInputs = ["src", "bin", "scripts/build.mjs", "tsup.config.ts", "tsconfig.json", "tsconfig.build.json", "package.json", "package-lock.json", "README.md", "CHANGELOG.md"]

const filesUnder = (path: string): Array<string> =>
  statSync(path).isDirectory() ? readdirSync(path).sort().flatMap((name) => filesUnder(join(path, name))) : [path]

const inputsHash = (): string => {
  const hash = createHash("sha256")
  for (const file of buildInputs.flatMap((input) => filesUnder(join(root, input)))) {
    hash.update(relative(root, file)).update("\0").update(readFileSync(file)).update("\0")
  }
  return hash.digest("hex").slice(0, 16)
}

const sleep = (ms: number) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms))

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** The process holding a lock, once it has written its id. */
const ownerOf = (lock: string): number | undefined => {
  try {
    const pid = Number(readFileSync(join(lock, "pid"), "utf8"))
    return pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}

/** A file of `npm pack --json`'s report. */
export interface PackedFile {
  readonly path: string
  readonly size: number
}

/** The packed package: its tarball and what `npm pack` reports of it. */
export interface Packed {
  readonly tarball: string
  readonly size: number
  readonly unpackedSize: number
  readonly files: ReadonlyArray<PackedFile>
}

/** Packs the package, or waits for the file packing it, or reuses a tarball of the same inputs. */
export const packed = async (): Promise<Packed> => {
  // one store per checkout: a worktree beside this one packs its own sources
  const store = join(tmpdir(), `stelace-effect-packed-${createHash("sha256").update(root).digest("hex").slice(0, 8)}`)
  const dir = join(store, inputsHash())
  const report = join(dir, "report.json")
  const lock = `${dir}.lock`
  mkdirSync(store, { recursive: true })
  while (!existsSync(report)) {
    try {
      mkdirSync(lock)
    } catch {
      // another file packs: wait for it, or take over a lock whose process is gone
      const owner = ownerOf(lock)
      if (owner !== undefined && !isAlive(owner)) rmSync(lock, { recursive: true, force: true })
      await sleep(250)
      continue
    }
    try {
      writeFileSync(join(lock, "pid"), String(process.pid))
      // older tarballs: their inputs changed since
      for (const name of readdirSync(store)) if (!name.endsWith(".lock")) rmSync(join(store, name), { recursive: true, force: true })
      const work = mkdtempSync(join(store, "work-"))
      const out = await promisify(execFile)("npm", ["pack", "--json", "--pack-destination", work], { cwd: root, maxBuffer: 64 * 1024 * 1024 })
      // the build's log comes first, then the report: a JSON array
      const [{ filename, size, unpackedSize, files }] = JSON.parse(out.stdout.slice(out.stdout.search(/^\[$/m)))
      writeFileSync(join(work, "report.json"), JSON.stringify({ tarball: join(dir, filename), size, unpackedSize, files }))
      renameSync(work, dir)
    } finally {
      rmSync(lock, { recursive: true, force: true })
    }
  }
  return JSON.parse(readFileSync(report, "utf8"))
}

/**
 * Installs an app against the packed package: copies the folder `app` (a package.json and its lock
 * file, naming the app's own toolchain) to a temporary folder, installs what the lock names with
 * `npm ci`, then the tarball under `as`, the name the app imports (`stelace` for a stelace.js app).
 * Returns the app's folder; `rmSync` it when done.
 */
export const installApp = async (app: string, tarball: string, as = "stelace-effect"): Promise<string> => {
  const dir = mkdtempSync(join(tmpdir(), "stelace-effect-app-"))
  cpSync(app, dir, { recursive: true, filter: (source) => !/[/\\](node_modules|dist)$/.test(source) })
  const npm = (args: Array<string>) =>
    promisify(execFile)("npm", [...args, "--prefer-offline", "--no-audit", "--no-fund"], { cwd: dir, maxBuffer: 64 * 1024 * 1024 })
  await npm(["ci"])
  await npm(["install", "--no-save", `${as}@file:${tarball}`])
  return dir
}

/** Runs an npm script of an installed app; throws with its output when it fails. */
export const npmRun = (dir: string, script: string): string =>
  execFileSync("npm", ["run", "--silent", script], { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })
