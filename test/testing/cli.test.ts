/**
 * The backend's command line (`npm start`, `bin/stelace-effect-server.mjs`) and `startServer`'s
 * option checks: bad values are refused with a message naming them, before anything listens.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { fileURLToPath } from "node:url"
import { afterEach, describe, expect, it } from "vitest"
import { startServer } from "../../src/testing/index.js"

const bin = fileURLToPath(new URL("../../bin/stelace-effect-server.mjs", import.meta.url))
const started: Array<ChildProcess> = []

afterEach(() => {
  for (const child of started.splice(0)) child.kill()
})

/** Runs the command line to its end; its exit code and output. */
const runCli = (args: ReadonlyArray<string>, env: Record<string, string> = {}) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { env: { ...process.env, PORT: "", ...env } })
    started.push(child)
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (chunk) => (stdout += chunk))
    child.stderr.on("data", (chunk) => (stderr += chunk))
    child.on("close", (code) => resolve({ code, stdout, stderr }))
  })

describe("the backend's command line", () => {
  it.each([
    [["--access-token-ttl", "five"], "--access-token-ttl must be a whole number of seconds above 0, such as 3600, got \"five\""],
    [["--access-token-ttl=0"], "--access-token-ttl must be a whole number of seconds above 0, such as 3600, got \"0\""],
    [["--port", "abc"], "--port must be a port from 0 to 65535 (0: any free port), got \"abc\""],
    [["--port", "65536"], "--port must be a port from 0 to 65535 (0: any free port), got \"65536\""],
    [["--port"], "--port needs a value"],
    [["--seed", "./no-such-seed.json"], "--seed must be demo, empty or a JSON file; cannot read ./no-such-seed.json: ENOENT"],
    [["--max-body-size", "lots"], "--max-body-size must be a size above 0 in bytes, or with kb or mb (such as 5mb), got \"lots\""],
    [["--max-body-size=0kb"], "--max-body-size must be a size above 0 in bytes, or with kb or mb (such as 5mb), got \"0kb\""],
    [["--verbose"], "unknown option --verbose"]
  ])("refuses %j with a clear message and exit code 2", async (args, message) => {
    const result = await runCli(args)
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(`stelace-effect-server: ${message}`)
    expect(result.stderr).toContain("Usage: stelace-effect-server")
  })

  it("names the environment variable a bad value came from", async () => {
    const result = await runCli([], { ACCESS_TOKEN_TTL: "1h" })
    expect(result.code).toBe(2)
    expect(result.stderr).toContain("ACCESS_TOKEN_TTL must be a whole number of seconds above 0, such as 3600, got \"1h\"")
  })

  it("starts with good values and serves the API", async () => {
    const child = spawn(process.execPath, [bin, "--port", "0", "--seed", "empty", "--access-token-ttl", "60", "--max-body-size", "2kb"], {
      env: { ...process.env, PORT: "" }
    })
    started.push(child)
    const url = await new Promise<string>((resolve, reject) => {
      let output = ""
      child.stdout.on("data", (chunk) => {
        output += chunk
        const found = /http:\/\/127\.0\.0\.1:\d+/.exec(output)
        if (found) resolve(found[0])
      })
      child.on("close", (code) => reject(new Error(`exited with ${code}: ${output}`)))
    })
    const authorization = `Basic ${btoa("seck_test_LocalStelaceSecretKey0001:")}`
    const response = await fetch(`${url}/assets`, { headers: { authorization } })
    expect(response.status).toBe(200)
    const tooLarge = await fetch(`${url}/assets`, {
      method: "POST",
      headers: { authorization, "content-type": "application/json" },
      body: JSON.stringify({ name: "x".repeat(2048) })
    })
    expect(tooLarge.status).toBe(413)
    expect(await tooLarge.json()).toStrictEqual({ code: "PayloadTooLarge", message: "Request body size exceeds 2048" })
  }, 30_000)
})

describe("startServer's options", () => {
  it.each([
    [{ port: Number.NaN }, "port must be a whole number from 0 to 65535 (0: any free port), got NaN"],
    [{ port: 70_000 }, "port must be a whole number from 0 to 65535 (0: any free port), got 70000"],
    [{ accessTokenTtl: Number("five") }, "accessTokenTtl must be a whole number of seconds above 0, got NaN"],
    [{ accessTokenTtl: -1 }, "accessTokenTtl must be a whole number of seconds above 0, got -1"],
    [{ host: " " }, "host must be a host name or an IP address, got \" \""],
    [{ maxBodySize: 0 }, "maxBodySize must be a whole number of bytes above 0, got 0"],
    [{ clock: {} as never }, "clock must be an Effect Clock (such as a TestClock)"]
  ])("refuses %j with a TypeError naming the option", async (options, message) => {
    await expect(startServer(options)).rejects.toThrow(new TypeError(message))
  })

  it("says why it cannot listen on a port in use", async () => {
    const first = await startServer({ seed: "empty" })
    try {
      await expect(startServer({ seed: "empty", port: first.port })).rejects.toThrow(
        `Cannot listen on 127.0.0.1:${first.port}: the port is already in use`
      )
    } finally {
      await first.close()
    }
  })

  it("puts x-request-id on every answer: successes, errors and CORS preflights", async () => {
    const server = await startServer({ seed: "empty" })
    try {
      const answers = await Promise.all([
        fetch(`${server.url}/assets`, { headers: { authorization: `Basic ${btoa(`${server.secretApiKey}:`)}` } }),
        fetch(`${server.url}/assets`),
        fetch(`${server.url}/no-such-route`),
        fetch(`${server.url}/assets`, { method: "OPTIONS", headers: { origin: "http://example.com", "access-control-request-method": "GET" } })
      ])
      expect(answers.map((answer) => answer.status)).toEqual([200, 401, 404, 204])
      for (const answer of answers) expect(answer.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/)
    } finally {
      await server.close()
    }
  })
})
