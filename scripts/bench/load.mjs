// The market loads the window is measured under (measureStream): crossing HTTP orders from a
// sub-account of the web host's embedded demo exchange, or the tape of a demo exchange run as a
// process of its own (--admin), whose takers trade at a given rate: HTTP orders cannot reach
// thousands a second on a small machine, and the tape's trades still reach the window as real ones
// do (engine → the demo's /alp-ws feed → the core → the event stream).
import { join } from 'node:path'
import { ROOT, callApi, crossingOrders, demoAccounts, sleep, spawnJsonLine } from './lib.mjs'

/**
 * Paced crossing orders: order i is due at start + i/rate; at most `rate/4` in flight so a slow
 * server is measured as slow rather than buried under a queue. Bounded by `seconds`.
 */
export async function orderLoad(host, rate) {
  const accounts = await demoAccounts(1)
  const session = await callApi(host, 'session.get')
  const prefs = await callApi(host, 'prefs.get')
  const baseUrl = session.profile.baseUrl.replace(/\/+$/, '')
  // The trades come from a sub-account: the market of everyone else, as a trader watching it sees
  // it. (Fills of the viewer's own account would also raise a notification each: see the report.)
  const trader = accounts.find((a) => a.parentId !== null) ?? accounts[0]
  const orders = await crossingOrders({ baseUrl, account: trader, pairName: prefs.pair })
  let placed = 0
  let failed = 0
  let stopped = false
  let running = Promise.resolve()
  return {
    what: 'orders sent',
    start(seconds) {
      const total = seconds * rate
      const loadStart = Date.now()
      running = (async () => {
        const inflight = new Set()
        for (let i = 0; i < total && !stopped; i++) {
          const wait = loadStart + (i * 1000) / rate - Date.now()
          if (wait > 0) await sleep(wait)
          while (inflight.size >= Math.max(4, rate / 4)) await Promise.race(inflight)
          if (i % rate === 0) await orders.refresh().catch(() => {})
          const p = orders.place(i).then(
            (status) => (status === 200 ? placed++ : failed++),
            () => failed++,
          )
          inflight.add(p)
          p.finally(() => inflight.delete(p))
        }
        await Promise.all(inflight)
      })()
    },
    sent: async () => placed,
    failed: () => failed,
    done: () => running,
    async stop() {
      stopped = true
      await running
    },
  }
}

/**
 * A demo exchange run as a process of its own, as a real exchange is (its matching, market and feed
 * take no CPU from the web host's thread), with the admin endpoint on; with `still`, its market moves
 * only when orders trade (no CPU of its own between requests). `admin(path, body)` calls its admin
 * routes; `stop()` ends the process.
 */
export async function spawnOwnDemo({ seed = 1, still = false } = {}) {
  const demo = await spawnJsonLine(join(ROOT, 'out/main/demo-exchange.js'), ['--port', '0', '--admin', '--seed', String(seed), ...(still ? ['--still'] : [])])
  const { baseUrl, accounts, adminToken } = demo.info
  const origin = new URL(baseUrl).origin
  const admin = async (path, body) => {
    const res = await fetch(`${origin}/__admin/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-token': adminToken },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    if (!res.ok) throw new Error(`the demo's /__admin/${path} answered ${res.status}: ${await res.text()}`)
    return res.json()
  }
  return { baseUrl: baseUrl.replace(/\/+$/, ''), accounts, pid: demo.child.pid, admin, stop: () => demo.stop() }
}

/**
 * Points the web host's active profile at `demo` (spawnOwnDemo; its master key), so the window
 * watches its market. With `only`, every other profile is removed (the embedded demo's among them,
 * which would start that demo in the host): the host then knows this exchange alone, as the
 * terminal of a trader who added a real exchange and no demo does.
 */
export async function watchOwnDemo(host, demo, { only = false } = {}) {
  const master = demo.accounts.find((a) => a.parentId === null) ?? demo.accounts[0]
  const profile = await callApi(host, 'profiles.create', { name: 'Demo process', baseUrl: demo.baseUrl, apiKey: master.apiKey, apiSecret: master.apiSecret })
  await callApi(host, 'profiles.activate', { id: profile.id })
  if (!only) return
  for (const other of await callApi(host, 'profiles.list')) if (other.id !== profile.id) await callApi(host, 'profiles.remove', { id: other.id })
}

/** spawnOwnDemo, the web host's active profile pointed at it (watchOwnDemo). */
export async function ownDemo(host, options = {}) {
  const demo = await spawnOwnDemo(options)
  try {
    await watchOwnDemo(host, demo)
    return demo
  } catch (error) {
    await demo.stop()
    throw error
  }
}

/**
 * The tape of a demo exchange process of its own (ownDemo): start(seconds) runs its takers on the
 * window's pair at `rate` trades a second.
 */
export async function tapeLoad(host, rate) {
  const demo = await ownDemo(host)
  try {
    const prefs = await callApi(host, 'prefs.get')
    let seconds = 0
    let startedAt = 0
    return {
      what: 'trades generated by the demo process',
      start(s) {
        seconds = s
        startedAt = Date.now()
        return demo.admin('tape', { pair: prefs.pair, rate, seconds: s })
      },
      sent: async () => (await demo.admin('stats')).tapeTrades,
      failed: () => 0,
      // the tape ends by itself after its seconds
      done: () => sleep(Math.max(0, startedAt + seconds * 1000 - Date.now())),
      stop: () => demo.stop(),
    }
  } catch (error) {
    await demo.stop()
    throw error
  }
}
