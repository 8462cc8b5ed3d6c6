// A feed client in raw frames for the conformance tests: `ws` as a plain socket, frames kept as they
// came, nothing of the terminal's own feed client, so the two cannot share a bug.
import WebSocket from 'ws'

export type Received = string | unknown[]

export class RawFeed {
  /** Every frame in arrival order: parsed when it is JSON, the raw text otherwise. */
  readonly frames: Received[] = []
  private cursor = 0
  private waiters: (() => void)[] = []
  readonly closed: Promise<{ code: number }>

  private constructor(
    readonly ws: WebSocket,
    /** Answer "1" with "2" (a well-behaved client). */
    public answerPings: boolean,
  ) {
    ws.on('message', (data) => {
      const text = data.toString()
      if (text === '1' && this.answerPings) ws.send('2')
      let frame: Received = text
      try {
        const parsed: unknown = JSON.parse(text)
        if (Array.isArray(parsed)) frame = parsed
      } catch {
        // kept as text: the malformed-frame fault is checked on exactly this
      }
      this.frames.push(frame)
      for (const wake of this.waiters.splice(0)) wake()
    })
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve({ code })))
  }

  static open(url: string, answerPings = true): Promise<RawFeed> {
    const ws = new WebSocket(url)
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new RawFeed(ws, answerPings)))
      ws.once('error', reject)
    })
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message))
  }

  /** The next frame (after the last one `next` returned) that `match` accepts; rejects after `timeoutMs`. */
  async next(match: (frame: Received) => boolean, timeoutMs = 3_000): Promise<Received> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      for (; this.cursor < this.frames.length; this.cursor++) {
        const frame = this.frames[this.cursor]!
        if (match(frame)) {
          this.cursor++
          return frame
        }
      }
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames.slice(-5))}`)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        this.waiters.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
  }

  /** The next frame of this kind (`tk`, `t`, `p`, ...), optionally for one pair/symbol. */
  kind(kind: string, timeoutMs?: number): Promise<unknown[]> {
    return this.next((f) => Array.isArray(f) && f[0] === kind, timeoutMs) as Promise<unknown[]>
  }

  /** Frames of a kind received so far (from the start). */
  all(kind: string): unknown[][] {
    return this.frames.filter((f): f is unknown[] => Array.isArray(f) && f[0] === kind)
  }

  close(): void {
    this.ws.terminate()
  }
}

/** Applies absolute-total diffs to a book side held as price → amount (amount 0 removes). */
export function applyLevels(side: Map<string, string>, levels: [string, string][]): void {
  for (const [price, amount] of levels) {
    if (Number(amount) === 0) side.delete(price)
    else side.set(price, amount)
  }
}
