/**
 * A stelace.js app built with webpack 4, as Quasar 1, Vue CLI 4 and Create React App 4 build, with
 * `stelace` pointed at the packed package: it builds with its configuration unchanged and no loader,
 * and its bundle runs the app's calls against the in-memory backend.
 */
import { execFile } from "node:child_process"
import { readFileSync, rmSync } from "node:fs"
import { join } from "node:path"
import { promisify } from "node:util"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startServer } from "../../src/testing/index.js"
import { installApp, npmRun, packed, root } from "./packed.js"

let app: string | undefined
let stats: string

beforeAll(async () => {
  const { tarball } = await packed()
  app = await installApp(join(import.meta.dirname, "webpack4"), tarball, "stelace")
  stats = npmRun(app, "build")
}, 240_000)

afterAll(() => {
  if (app) rmSync(app, { recursive: true, force: true })
})

describe("a webpack 4 app importing `stelace` from the packed package", () => {
  it("builds, from the entry that resolvers ignoring `exports` take (package.json's main)", () => {
    const { main } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { main: string }
    expect(stats).toContain(`./node_modules/stelace/${main.replace(/^\.\//, "")}`)
  })

  it("runs the app's calls against the in-memory backend: a list, a login, a page, a 404", async () => {
    const server = await startServer({ seed: "demo" })
    try {
      const options = {
        apiKey: server.publishableApiKey,
        host: "127.0.0.1",
        port: server.port,
        username: "alice@example.com",
        password: "alice-password"
      }
      const script = `require("./dist/main.js").run(${JSON.stringify(options)}).then((result) => console.log(JSON.stringify(result)))`
      // asynchronously: the backend answers from this process
      const { stdout } = await promisify(execFile)(process.execPath, ["-e", script], { cwd: app! })
      const userId = "usr_DemoAlice00000000000"
      expect(JSON.parse(stdout)).toEqual({
        categories: { count: 6, status: 200 },
        login: { userId, info: { isAuthenticated: true, userId } },
        assets: { count: 2, pageSize: 2 },
        missing: { name: "ServerError", statusCode: 404, isError: true }
      })
    } finally {
      await server.close()
    }
  })
})
