// The demo exchange as its own process with the admin endpoint on (faults on demand), for specs that
// need an exchange that can misbehave: started from the build, as `npm run demo-exchange` does.
import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'
import { callApi, type RunningHost } from './web-host'

export interface AdminDemo {
  process: ChildProcess
  baseUrl: string
  origin: string
  adminToken: string
  accounts: { id: number; name: string; parentId: number | null; apiKey: string; apiSecret: string }[]
}

/** `still`: the market moves only when orders trade (no simulated traders), so prices can be compared exactly. */
export async function startAdminDemo(seed: number, options: { still?: boolean } = {}): Promise<AdminDemo> {
  const args = ['out/main/demo-exchange.js', '--port', '0', '--admin', '--seed', String(seed), ...(options.still ? ['--still'] : [])]
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  let errText = ''
  child.stderr?.on('data', (chunk: Buffer) => (errText += chunk.toString()))
  const line = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`demo exchange did not start in 15 s: ${errText}`)), 15_000)
    createInterface({ input: child.stdout! }).once('line', (l) => {
      clearTimeout(timer)
      resolve(l)
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`demo exchange exited with ${code}: ${errText}`))
    })
  })
  const info = JSON.parse(line) as Omit<AdminDemo, 'process' | 'origin'>
  return { ...info, process: child, origin: new URL(info.baseUrl).origin }
}

/** Stops it and waits for the exit; nothing to do when it is already gone. */
export async function stopAdminDemo(demo: AdminDemo | undefined): Promise<void> {
  if (!demo || demo.process.exitCode !== null || demo.process.signalCode !== null) return
  const exited = new Promise((resolve) => demo.process.once('exit', resolve))
  demo.process.kill('SIGTERM')
  await exited
}

/** Switches the demo's fault modes ({} clears) through its admin endpoint; the answer, as sent. */
export function postFaults(demo: AdminDemo, mode: Record<string, unknown>): Promise<Response> {
  return fetch(`${demo.origin}/__admin/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-token': demo.adminToken },
    body: JSON.stringify(mode),
  })
}

/** The demo's own counters (/__admin/stats): what arrived, whatever the terminal believes. */
export interface DemoStats {
  requests: number
  ordersPlaced: number
  /** POST /trading/order received, answered or not: a resent order shows here. */
  orderRequests: number
  /** DELETE /trading/order received, answered or not: a repeated cancel shows here. */
  cancelRequests: number
}

export async function demoStats(demo: AdminDemo): Promise<DemoStats> {
  const res = await fetch(`${demo.origin}/__admin/stats`, { headers: { 'x-admin-token': demo.adminToken } })
  if (!res.ok) throw new Error(`stats: ${res.status} ${await res.text()}`)
  return (await res.json()) as DemoStats
}

/** Trades `pair` to `price` through the book (stops trigger, resting limits fill): POST /__admin/price. */
export async function drivePrice(demo: AdminDemo, pair: string, price: { toFixed(): string }): Promise<void> {
  const res = await fetch(`${demo.origin}/__admin/price`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-token': demo.adminToken },
    body: JSON.stringify({ pair, price: price.toFixed() }),
  })
  if (res.status !== 200) throw new Error(`drive ${pair} to ${price.toFixed()}: ${res.status} ${await res.text()}`)
}

/**
 * The demo's master account as the web host's only profile `name`, active (the embedded demo
 * removed, so nothing else trades or keeps positions beside it); answers the profile's id.
 */
export async function onlyProfileOn(host: RunningHost, demo: AdminDemo, name: string): Promise<string> {
  const master = demo.accounts.find((a) => a.parentId === null)!
  const id = (await callApi<{ id: string }>(host, 'profiles.create', { name, baseUrl: demo.baseUrl, apiKey: master.apiKey, apiSecret: master.apiSecret })).id
  await callApi(host, 'profiles.activate', { id })
  const embedded = (await callApi<{ id: string; isDemo: boolean }[]>(host, 'profiles.list')).find((p) => p.isDemo)
  if (embedded) await callApi(host, 'profiles.remove', { id: embedded.id })
  return id
}
