/**
 * A map tile server for the tests of the search's map: every tile the same small PNG, from here
 * rather than OpenStreetMap's servers. Started before the demo (pass `tiles.url` in `--map-tiles`),
 * stopped after the file's tests, or earlier by `stop` (tiles that cannot load).
 */
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll } from "vitest"
import { png } from "./png.js"

const tile = png(256, 256, [200, 220, 200], [180, 200, 230])

export interface TileServer {
  /** The tiles' URL template, `http://127.0.0.1:<port>/tiles/{z}/{x}/{y}.png`, once started. */
  readonly url: string
  /** The paths requested so far. */
  readonly requests: ReadonlyArray<string>
  /** Stops it: connections are refused from then on. */
  readonly stop: () => Promise<void>
}

/** Registers the server's start (`beforeAll`, so call it before `useDemo`) and stop (`afterAll`). */
export const useTileServer = (): TileServer => {
  const requests: Array<string> = []
  const server = createServer((request, response) => {
    requests.push(request.url ?? "")
    response.writeHead(200, { "content-type": "image/png", "access-control-allow-origin": "*" }).end(tile)
  })
  let url = ""
  const stop = async () => {
    if (!server.listening) return
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tiles/{z}/{x}/{y}.png`
  })
  afterAll(stop)
  return {
    get url() {
      return url
    },
    requests,
    stop
  }
}
