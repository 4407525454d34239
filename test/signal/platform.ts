/**
 * A full platform: the in-memory backend's Signal slots taken by in-process clients (no sockets),
 * each authenticated with the publishable key, until the next client is refused with
 * `TooManyClients`, as the real server refuses the client after its 1,000th.
 */
import type { Backend } from "../../src/testing/backend/Backend.js"
import type { Connection } from "../../src/testing/signal/Service.js"
import { MAX_CLIENTS } from "../../src/testing/signal/Service.js"

export const fillPlatform = async (backend: Backend, publishableKey: string) => {
  const clients: Array<Connection> = []
  for (let i = 0; i < MAX_CLIENTS; i++) {
    const frames: Array<string> = []
    const connection = backend.signal.accept({ send: (text) => frames.push(text), close: () => {} })
    connection.receive("40/signal")
    const id = /^42\/signal,(\d+)\["authentication"/.exec(frames.find((frame) => frame.startsWith("42/signal,")) ?? "")?.[1]
    connection.receive(`43/signal,${id}${JSON.stringify([{ publishableKey }])}`)
    await connection.settled()
    clients.push(connection)
  }
  return {
    /** One client leaves: a slot is free. */
    freeOne: () => clients.pop()?.closed(),
    /** Every client leaves. */
    empty: () => {
      for (const client of clients.splice(0)) client.closed()
    }
  }
}
