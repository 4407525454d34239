/**
 * `ws` with connections a test can cut while the server stays up, and refuse until it says: a
 * network that goes away and comes back.
 */
import WebSocket from "ws"
import type { WebSocketConstructor } from "../../src/Signal.js"

export const droppable = (options: { readonly refusedAtFirst?: boolean } = {}) => {
  const sockets: Array<WebSocket> = []
  let refused = options.refusedAtFirst === true
  class Droppable extends WebSocket {
    constructor(url: string | URL, ...rest: Array<any>) {
      super(refused ? "ws://127.0.0.1:1/" : url, ...rest)
      sockets.push(this)
    }
  }
  return {
    WebSocket: Droppable as unknown as WebSocketConstructor,
    /** Every connection drops, and new ones are refused. */
    cut: () => {
      refused = true
      for (const socket of sockets) socket.terminate()
    },
    /** New connections go through again. */
    restore: () => {
      refused = false
    }
  }
}
