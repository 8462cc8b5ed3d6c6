// Shared pieces of the benchmark and the soak script: statistics, child processes that announce
// themselves with one JSON line, resident memory from /proc, and the raw exchange calls (JWT and
// X-SIGN computed here, so a load generator never depends on the client it may be measuring).
import { spawn } from 'node:child_process'
import { createHmac } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

// The browser's launches, kept apart (chromium.mjs) and named here for the groups that import them.
export { CHROMIUM_ARGS, freePort, launchChromium, launchChromiumProfile, startsInOneProfile } from './chromium.mjs'

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** Median, min, max, p25/p75 of a list of numbers (sorted copy). */
export function summarize(values) {
  const xs = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b)
  if (xs.length === 0) return { median: NaN, min: NaN, max: NaN, p25: NaN, p75: NaN, n: 0 }
  const at = (q) => {
    const pos = (xs.length - 1) * q
    const lo = Math.floor(pos)
    const hi = Math.ceil(pos)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)
  }
  return { median: at(0.5), min: xs[0], max: xs[xs.length - 1], p25: at(0.25), p75: at(0.75), n: xs.length }
}

/** The q-quantile of samples by nearest rank (0.95: the value 95 % of the samples are at or under). */
export function quantileOf(values, q) {
  return [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]
}

/** Least-squares slope of y over x (per unit of x). */
export function slope(points) {
  const n = points.length
  if (n < 2) return 0
  let sx = 0
  let sy = 0
  for (const [x, y] of points) {
    sx += x
    sy += y
  }
  const mx = sx / n
  const my = sy / n
  let num = 0
  let den = 0
  for (const [x, y] of points) {
    num += (x - mx) * (y - my)
    den += (x - mx) ** 2
  }
  return den === 0 ? 0 : num / den
}

/** VmRSS of a process in bytes, or null when it is gone. */
export function rssOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(status)
    return m ? Number(m[1]) * 1024 : null
  } catch {
    return null
  }
}

/**
 * Spawns `node <script> ...args` and resolves with the first stdout line parsed as JSON, the child,
 * and a stop() that sends SIGTERM and waits (SIGKILL after 5 s).
 */
export async function spawnJsonLine(script, args = [], { env = {}, timeoutMs = 30_000, nodeArgs = [] } = {}) {
  const child = spawn(process.execPath, [...nodeArgs, script, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let errText = ''
  child.stderr.on('data', (chunk) => {
    errText += chunk.toString()
    if (errText.length > 20_000) errText = errText.slice(-10_000)
  })
  const line = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`${script} printed nothing in ${timeoutMs} ms: ${errText.slice(-500)}`))
    }, timeoutMs)
    const rl = createInterface({ input: child.stdout })
    rl.once('line', (l) => {
      clearTimeout(timer)
      resolve(l)
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`${script} exited with ${code}: ${errText.slice(-500)}`))
    })
  })
  // Keep draining stdout so the child never blocks on a full pipe.
  child.stdout.resume()
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    const t = setTimeout(() => child.kill('SIGKILL'), 5_000)
    await exited
    clearTimeout(t)
  }
  return { info: JSON.parse(line), child, stop, stderr: () => errText }
}

/** Runs `fn` at most until `ms` has passed; rejects with a clear message otherwise. */
export function withTimeout(promise, ms, what) {
  let timer
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} took longer than ${Math.round(ms / 1000)} s`)), ms)
    }),
  ]).finally(() => clearTimeout(timer))
}

// ---- Raw exchange calls -------------------------------------------------------------------------

export function sign(secret, body) {
  return createHmac('sha256', secret).update(body, 'utf8').digest('hex')
}

/** POST /auth → the JWT string. */
export async function authenticate(baseUrl, account) {
  const res = await fetch(`${baseUrl}/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ api_key: account.apiKey, api_secret: account.apiSecret }),
  })
  if (!res.ok) throw new Error(`/auth answered ${res.status}`)
  return res.json()
}

export async function getJson(url) {
  const res = await fetch(url)
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`)
  return res.json()
}

/** Rounds a price to the pair's precision as a decimal string (bench prices only; never money math). */
export function priceText(value, precision) {
  return value.toFixed(precision)
}

/**
 * Crossing LIMIT orders of the pair's minimum size, alternating buy and sell around the ticker, so
 * every order trades at once against the demo's market makers and the balances stay level.
 * Returns place(i) → Promise<status>; refresh() re-reads the ticker.
 */
export async function crossingOrders({ baseUrl, account, pairName, amountOf = null }) {
  const pairs = await getJson(`${baseUrl}/pairs`)
  const pair = pairs.find((p) => p.name === pairName)
  if (!pair) throw new Error(`pair ${pairName} not listed`)
  let token = await authenticate(baseUrl, account)
  let bid = 0
  let ask = 0
  const refresh = async () => {
    const t = await getJson(`${baseUrl}/ticker?pair=${pairName}`)
    const ticker = Array.isArray(t) ? t[0] : t
    bid = Number(ticker.buy)
    ask = Number(ticker.sell)
  }
  await refresh()
  // `amountOf(i, pair)`: an amount of the order's own, so that its trade can be told from others.
  const amountFor = (i) => (amountOf ? amountOf(i, pair) : String(pair.minimum_order_size))
  const place = async (i, fetchImpl = fetch) => {
    const buy = i % 2 === 0
    const price = buy ? ask * 1.01 : bid * 0.99
    const body = JSON.stringify({
      pair: pairName,
      order_type: 'LIMIT',
      order_side: buy ? 'BUY' : 'SELL',
      wallet_type: 'SPOT',
      base_amount: amountFor(i),
      limit_price: priceText(price, pair.price_precision),
      client_order_id: `bench-${i}`,
    })
    const send = async () => {
      const res = await fetchImpl(`${baseUrl}/trading/order`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-sign': sign(account.apiSecret, body) },
        body,
      })
      await res.arrayBuffer()
      return res.status
    }
    const status = await send()
    if (status !== 401) return status
    // The session token lives 10 minutes (a soak outlives it): refused before it ran, the order goes
    // once more with a new token, as the terminal's own client does. (The soak's one "401" was this.)
    token = await authenticate(baseUrl, account)
    return send()
  }
  return { pair, place, refresh, amountFor }
}

/** The demo exchange's accounts for a seed (keys are derived from it), read from its own CLI. */
export async function demoAccounts(seed) {
  const demo = await spawnJsonLine(join(ROOT, 'out/main/demo-exchange.js'), ['--port', '0', '--seed', String(seed)])
  await demo.stop()
  return demo.info.accounts
}

/** Calls a TerminalApi method through the web host, as the renderer does (with the bench's own session). */
export async function callApi(host, method, input) {
  const res = await fetch(`${host.origin}/api/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: await host.cookie() },
    body: JSON.stringify(input === undefined ? {} : { input }),
  })
  if (!res.ok) throw new Error(`${method}: the web host answered ${res.status}`)
  const envelope = await res.json()
  if (!envelope.ok) throw new Error(`${method}: ${envelope.error?.code} ${envelope.error?.message}`)
  return envelope.value
}

/**
 * Starts `out/main/web-host.js` with its own data directory; resolves with origin/url/pid. `url` is the
 * printed one-time URL (one window, once); `cookie()` is the bench's own session, which trades that
 * code in Node on first use, so open pages with `windowUrl(host)` once `callApi` has been used.
 * `port`: 0 for any free one; a given port lets a second start be the same origin as the first.
 */
export async function startWebHost(dataDir, env = {}, { nodeArgs = [], port = 0 } = {}) {
  const proc = await spawnJsonLine(join(ROOT, 'out/main/web-host.js'), ['--port', String(port), '--no-open'], {
    env: { TERMINAL_DATA_DIR: dataDir, ...env },
    nodeArgs,
  })
  const url = new URL(proc.info.url)
  let cookie = null
  const tradeCode = async () => {
    const res = await fetch(`${url.origin}/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: url.searchParams.get('code') }) })
    if (res.status !== 204) throw new Error(`the web host refused its printed code: ${res.status}`)
    return res.headers.get('set-cookie').split(';')[0]
  }
  return { ...proc, url: proc.info.url, origin: url.origin, pid: proc.child.pid, cookie: () => (cookie ??= tradeCode()) }
}

/** A fresh one-time URL for one more window, asked for with the bench's own session. */
export async function windowUrl(host) {
  const res = await fetch(`${host.origin}/session/link`, { method: 'POST', headers: { cookie: await host.cookie() } })
  if (!res.ok) throw new Error(`no window URL: the web host answered ${res.status}`)
  return (await res.json()).url
}
