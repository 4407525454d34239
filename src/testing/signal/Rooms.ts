/**
 * The signal channels of the in-memory backend: who listens where. `POST /signal` delivers
 * through it; the `/signal` socket server fills it.
 *
 * Rooms are indexed both ways, by channel (to deliver) and by listener (to leave): a client that
 * goes costs what it joined, however many other rooms there are.
 */

/** Something listening on channels: a connected, authenticated client. */
export interface Listener {
  /** Sends it one event with its data. */
  readonly deliver: (event: string, data: unknown) => void
}

/** The channel every authenticated client of the platform joins (broadcasts go there). */
export const PLATFORM_CHANNEL = "stelaceId__platform"

export class Rooms {
  private readonly rooms = new Map<string, Set<Listener>>()
  private readonly joined = new Map<Listener, Set<string>>()

  /** Adds a listener to channels. */
  join(listener: Listener, channels: Iterable<string>): void {
    let own = this.joined.get(listener)
    if (own === undefined) {
      own = new Set()
      this.joined.set(listener, own)
    }
    for (const channel of channels) {
      let room = this.rooms.get(channel)
      if (room === undefined) {
        room = new Set()
        this.rooms.set(channel, room)
      }
      room.add(listener)
      own.add(channel)
    }
  }

  /** Removes a listener from every channel it joined; a channel left empty no longer exists. */
  leave(listener: Listener): void {
    const own = this.joined.get(listener)
    if (own === undefined) return
    this.joined.delete(listener)
    for (const channel of own) {
      const room = this.rooms.get(channel)
      if (room === undefined) continue
      room.delete(listener)
      if (room.size === 0) this.rooms.delete(channel)
    }
  }

  /** Does anyone listen on the channel? */
  has(channel: string): boolean {
    return this.rooms.has(channel)
  }

  /** How many listen on the channel. */
  size(channel: string): number {
    return this.rooms.get(channel)?.size ?? 0
  }

  /** Sends an event to everyone on the channel. */
  emit(channel: string, event: string, data: unknown): void {
    for (const listener of this.rooms.get(channel) ?? []) listener.deliver(event, data)
  }
}
