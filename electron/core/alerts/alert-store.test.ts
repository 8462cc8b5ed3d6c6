import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createAlertStore } from './alert-store'

const dirs: string[] = []
const fresh = () => {
  const dir = mkdtempSync(join(tmpdir(), 'alerts-'))
  dirs.push(dir)
  return dir
}
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })))

describe('alert store', () => {
  it('an alert just above the last price fires once when the market crosses it, and stays fired across restarts', async () => {
    const dir = fresh()
    const store = createAlertStore(dir)
    const alert = await store.create('p1', { kind: 'above', pair: 'BTC_USDT', price: '100.5' }, '100')
    expect(await store.onPrice('p1', 'BTC_USDT', '100.4')).toEqual([])
    const fired = await store.onPrice('p1', 'BTC_USDT', '100.6')
    expect(fired.map((a) => [a.id, a.status, a.firedBy])).toEqual([[alert.id, 'fired', '100.6']])
    expect(await store.onPrice('p1', 'BTC_USDT', '101')).toEqual([])
    // A new process reads it as fired: it never fires twice.
    const again = createAlertStore(dir)
    expect((await again.list('p1'))[0]!.status).toBe('fired')
    expect(await again.onPrice('p1', 'BTC_USDT', '102')).toEqual([])
  })

  it("never fires on another profile's prices", async () => {
    const store = createAlertStore(fresh())
    await store.create('p1', { kind: 'below', pair: 'BTC_USDT', price: '90' }, '100')
    expect(await store.onPrice('p2', 'BTC_USDT', '80')).toEqual([])
    expect(await store.list('p2')).toEqual([])
    expect(await store.onPrice('p1', 'BTC_USDT', '80')).toHaveLength(1)
  })

  it('crossing is measured from the price at creation, then from each price seen', async () => {
    const store = createAlertStore(fresh())
    await store.create('p1', { kind: 'cross', pair: 'ETH_USDT', price: '2000' }, '1990')
    expect(await store.onPrice('p1', 'ETH_USDT', '1995')).toEqual([])
    expect(await store.onPrice('p1', 'ETH_USDT', '2001')).toHaveLength(1)
  })

  it('order-filled alerts fire on their order reaching FILLED', async () => {
    const store = createAlertStore(fresh())
    await store.create('p1', { kind: 'order-filled', pair: 'BTC_USDT', orderId: 42 }, null)
    const seen = (status: string) => [{ id: 42, pair: 'BTC_USDT', status, newlyFilled: status === 'FILLED' }]
    expect(await store.onOrders('p1', seen('PARTIAL_FILLED'))).toEqual([])
    expect(await store.onOrders('p1', seen('FILLED'))).toHaveLength(1)
  })

  it('refuses bad drafts with a field; arms one that fires at once, which then fires on the next price', async () => {
    const store = createAlertStore(fresh())
    await expect(store.create('p1', { kind: 'above', pair: 'BTC_USDT', price: 'abc' } as never, '1')).rejects.toMatchObject({ code: 'INVALID_ALERT', field: 'price' })
    await expect(store.create('p1', { kind: 'above', pair: 'BTC_USDT', price: '1'.repeat(24) }, '1')).rejects.toMatchObject({
      code: 'INVALID_ALERT',
      field: 'price',
      message: expect.stringMatching(/more than 18 digits/),
    })
    // The window warned the trader; setting it anyway is their call.
    const now = await store.create('p1', { kind: 'above', pair: 'BTC_USDT', price: '99' }, '100')
    expect((await store.onPrice('p1', 'BTC_USDT', '100')).map((a) => a.id)).toEqual([now.id])
  })

  it('cancelled alerts do not fire and stay in the history', async () => {
    const store = createAlertStore(fresh())
    const alert = await store.create('p1', { kind: 'above', pair: 'BTC_USDT', price: '101' }, '100')
    await store.cancel('p1', alert.id)
    expect(await store.onPrice('p1', 'BTC_USDT', '200')).toEqual([])
    expect((await store.list('p1'))[0]!.status).toBe('cancelled')
    await expect(store.cancel('p2', alert.id)).rejects.toMatchObject({ code: 'UNKNOWN_ALERT' })
  })

  it('a damaged file is set aside and reported, not silently dropped', async () => {
    const dir = fresh()
    writeFileSync(join(dir, 'alerts.json'), '{"version":1,"alerts":[{"id":3}]}')
    const store = createAlertStore(dir)
    expect(await store.list('p1')).toEqual([])
    expect(store.loadWarning()).toMatch(/damaged/)
    expect(readdirSync(dir).some((f) => f.startsWith('alerts.json.corrupt-'))).toBe(true)
    await store.create('p1', { kind: 'above', pair: 'BTC_USDT', price: '101' }, '100')
    expect(JSON.parse(readFileSync(join(dir, 'alerts.json'), 'utf8')).alerts).toHaveLength(1)
  })
})
