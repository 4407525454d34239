/** A `Storage` in memory that can break the ways browsers' storage breaks. */
export class FakeStorage implements Storage {
  readonly items = new Map<string, string>()
  /** `getItem` throws (storage blocked) while this many reads remain; `Infinity` for always. */
  failingReads = 0
  /** `setItem` throws a `QuotaExceededError` while true. */
  failWrites = false
  get length() {
    return this.items.size
  }
  clear() {
    this.items.clear()
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null
  }
  getItem(key: string) {
    if (this.failingReads > 0) {
      this.failingReads--
      throw new DOMException("The operation is insecure.", "SecurityError")
    }
    return this.items.get(key) ?? null
  }
  setItem(key: string, value: string) {
    if (this.failWrites) throw new DOMException("The quota has been exceeded.", "QuotaExceededError")
    this.items.set(key, value)
  }
  removeItem(key: string) {
    this.items.delete(key)
  }
}
