// The trades list the API serves: a bounded ring of pre-serialised trades, so a poll for the latest
// trades joins strings instead of serialising objects on every request.

/** Newest-last ring of pre-serialised trades, with the joined answers cached until the next trade. */
export class TradeLog {
  private readonly buf: string[]
  private next = 0
  private size = 0
  private readonly cache = new Map<number, string>()

  constructor(private readonly capacity: number) {
    this.buf = new Array<string>(capacity)
  }

  add(json: string): void {
    this.buf[this.next] = json
    this.next = (this.next + 1) % this.capacity
    if (this.size < this.capacity) this.size++
    this.cache.clear()
  }

  /** JSON array of the latest `limit` trades, newest first. */
  recent(limit: number): string {
    const hit = this.cache.get(limit)
    if (hit !== undefined) return hit
    const n = Math.min(limit, this.size)
    const parts = new Array<string>(n)
    for (let i = 0; i < n; i++) parts[i] = this.buf[(this.next - 1 - i + this.capacity * 2) % this.capacity]!
    const text = `[${parts.join(',')}]`
    if (this.cache.size > 32) this.cache.clear()
    this.cache.set(limit, text)
    return text
  }
}
