// Demo exchange throughput: GET /trades and order placements per second, against a demo exchange
// in its own process (live market on), loaded from this process over loopback by node:http with a
// keep-alive agent (lighter than fetch, so the load generator is not what is measured). Each round
// is bounded in time; the server's CPU use during the rounds is read from /proc.
import http from 'node:http'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT, authenticate, getJson, sign, spawnJsonLine } from './lib.mjs'

/** utime+stime of a process in seconds (clock ticks of 100 Hz), or null. */
export function cpuSecondsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return null
  }
}

function request(agent, url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, agent, headers: body ? { ...headers, 'content-length': Buffer.byteLength(body) } : headers }, (res) => {
      res.on('data', () => {})
      res.on('end', () => resolve(res.statusCode))
      res.on('error', reject)
    })
    req.on('error', reject)
    if (body) req.write(body)
    req.end()
  })
}

/** Successful calls per second with `concurrency` loops for `seconds`; errors counted apart. */
async function rate(call, { seconds, concurrency }) {
  const end = performance.now() + seconds * 1000
  let ok = 0
  let failed = 0
  const loop = async (w) => {
    for (let i = w; performance.now() < end; i += concurrency) {
      try {
        if ((await call(i)) === 200) ok++
        else failed++
      } catch {
        failed++
      }
    }
  }
  const t0 = performance.now()
  await Promise.all(Array.from({ length: concurrency }, (_, w) => loop(w)))
  return { perSec: ok / ((performance.now() - t0) / 1000), failed }
}

export async function measureDemo({ rounds = 5, seconds = 2, concurrency = 16 } = {}) {
  const demo = await spawnJsonLine(join(ROOT, 'out/main/demo-exchange.js'), ['--port', '0', '--seed', '11'])
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency })
  try {
    const { baseUrl, accounts } = demo.info
    const pid = demo.child.pid
    const tradesUrl = `${baseUrl}/trades?pair=BTC_USDT`
    const getTrades = () => request(agent, tradesUrl)

    // Orders: crossing LIMIT orders of the minimum size, alternating sides, so each one trades and
    // balances stay level; from the master account, which holds enough of both currencies.
    const account = accounts.find((a) => a.parentId === null) ?? accounts[0]
    const pair = (await getJson(`${baseUrl}/pairs`)).find((p) => p.name === 'BTC_USDT')
    const ticker = await getJson(`${baseUrl}/ticker?pair=BTC_USDT`)
    const t = Array.isArray(ticker) ? ticker[0] : ticker
    let token = await authenticate(baseUrl, account)
    const orderUrl = `${baseUrl}/trading/order`
    const placeOrder = async (i) => {
      const buy = i % 2 === 0
      const body = JSON.stringify({
        pair: 'BTC_USDT',
        order_type: 'LIMIT',
        order_side: buy ? 'BUY' : 'SELL',
        wallet_type: 'SPOT',
        base_amount: String(pair.minimum_order_size),
        limit_price: (buy ? Number(t.sell) * 1.05 : Number(t.buy) * 0.95).toFixed(pair.price_precision),
        client_order_id: `bench-demo-${i}`,
      })
      const status = await request(agent, orderUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-sign': sign(account.apiSecret, body) },
        body,
      })
      if (status === 401) token = await authenticate(baseUrl, account)
      return status
    }

    const out = { trades: [], orders: [], tradesFailed: 0, ordersFailed: 0, serverCpu: { trades: [], orders: [] } }
    for (const [key, call] of [
      ['trades', getTrades],
      ['orders', placeOrder],
    ]) {
      await rate(call, { seconds: 1, concurrency }) // warm-up
      for (let r = 0; r < rounds; r++) {
        const cpu0 = cpuSecondsOf(pid)
        const w0 = performance.now()
        const result = await rate(call, { seconds, concurrency })
        const cpu1 = cpuSecondsOf(pid)
        out[key].push(result.perSec)
        out[`${key}Failed`] += result.failed
        if (cpu0 !== null && cpu1 !== null) out.serverCpu[key].push((cpu1 - cpu0) / ((performance.now() - w0) / 1000))
      }
    }
    return out
  } finally {
    agent.destroy()
    await demo.stop()
  }
}
