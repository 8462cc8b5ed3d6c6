// The bench's side of a demo exchange in its own process (started --admin): its admin API (the price
// drive, the calls it received with their arrival times) and the account secrets, which come by the
// environment, never on a command line (BENCH_ADMIN_TOKEN, TERMINAL_API_KEY, TERMINAL_API_SECRET).

export interface Call {
  method: string
  path: string
  at: number
}

export function env(name: string): string {
  const value = process.env[name]
  if (!value) throw new Error(`${name} is not set`)
  return value
}

/** The demo's admin API at `baseUrl`'s origin, with the token from the environment. */
export function demoAdmin(baseUrl: string) {
  const token = env('BENCH_ADMIN_TOKEN')
  const origin = new URL(baseUrl).origin
  const admin = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${origin}/__admin/${path}`, {
      method,
      headers: { 'x-admin-token': token, 'content-type': 'application/json' },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    })
    if (res.status !== 200) throw new Error(`/__admin/${path} answered ${res.status}: ${await res.text()}`)
    return (await res.json()) as T
  }
  return {
    admin,
    /** The price driven to `price` (its answer's `at`: when the drive began, on the demo's clock). */
    drive: (pair: string, price: string) => admin<{ at: number; trades: number }>('POST', 'price', { pair, price }),
    /** The latest 100 order calls the demo received, oldest first. */
    calls: async () => (await admin<{ calls: Call[] }>('GET', 'calls')).calls,
  }
}

/**
 * The keeper's changes as the bench waits on them: `notify` is the keeper's onChange (onAlgosChange),
 * `until` resolves with the item `id` once a change of the list satisfies `test`, and rejects after `waitMs`.
 */
export function changesOf<T extends { id: string }>(waitMs: number) {
  const listeners = new Set<(items: T[]) => void>()
  return {
    notify: (items: T[]) => listeners.forEach((fn) => fn(items)),
    until: (what: string, id: string, test: (item: T | undefined) => boolean) =>
      new Promise<T | undefined>((resolve, reject) => {
        const check = (items: T[]) => {
          const item = items.find((x) => x.id === id)
          if (!test(item)) return
          clearTimeout(timer)
          listeners.delete(check)
          resolve(item)
        }
        const timer = setTimeout(() => (listeners.delete(check), reject(new Error(`${id}: no ${what} within ${waitMs} ms`))), waitMs)
        listeners.add(check)
      }),
  }
}
