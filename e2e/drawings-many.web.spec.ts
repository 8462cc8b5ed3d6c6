// Fifty drawings of every kind on the moving demo's chart, kept by the core: after a reload the list
// names all fifty with their kinds, and the chart's live ticks still repaint its live layer alone (the
// drawings lie on a layer of their own that a tick never touches). What they add to a tick's time is
// the chart bench group's row (scripts/bench/browser-groups.mjs, "One live update with 50 drawings").
import { test, expect } from '@playwright/test'
import Decimal from 'decimal.js'
import { openApp, useWebHost } from './helpers'
import { callApi, type RunningHost } from './web-host'

let host: RunningHost
useWebHost((started) => (host = started))

test('50 drawings of every kind: listed after a reload, and live ticks still paint the live layer alone', async ({ page }) => {
  test.setTimeout(60_000)
  await openApp(page, host)
  await expect(page.getByTestId('chart')).toHaveAttribute('data-paint', 'live', { timeout: 20_000 })

  // 50 drawings over the candles in view, of every kind, through the core.
  const interval = ((await page.locator('[data-testid^="interval-"][aria-pressed="true"]').getAttribute('data-testid')) ?? '').replace('interval-', '')
  const candles = await callApi<{ time: number; close: number }[]>(host, 'market.candles', { pair: 'BTC_USDT', interval, limit: 120 })
  const kinds = ['hline', 'trendline', 'ray', 'rect', 'fib', 'text', 'long', 'short'] as const
  for (let i = 0; i < 50; i++) {
    const a = candles[i]!
    const b = candles[i + 40]!
    const price = (c: { close: number }, f = 1) => new Decimal(c.close).times(f).toDecimalPlaces(2).toFixed()
    const common = { id: `cost${i}`, pair: 'BTC_USDT', color: '#3b82f6' }
    const kind = kinds[i % kinds.length]!
    const p = [
      { time: a.time * 1000, price: price(a) },
      { time: b.time * 1000, price: price(b, 1.001) },
    ]
    const drawing =
      kind === 'hline'
        ? { ...common, kind, points: [p[0]] }
        : kind === 'text'
          ? { ...common, kind, points: [p[0]], text: `note ${i}` }
          : kind === 'long' || kind === 'short'
            ? { ...common, kind, points: [p[0], { ...p[1]!, price: p[0]!.price }], stop: price(a, kind === 'long' ? 0.99 : 1.01), target: price(a, kind === 'long' ? 1.02 : 0.98) }
            : { ...common, kind, points: p }
    await callApi(host, 'drawings.save', drawing)
  }
  await openApp(page, host)
  await expect(page.getByTestId('drawings-toggle')).toHaveText('Drawings (50)')
  await page.getByTestId('drawings-toggle').click()
  const rows = page.getByTestId('drawings-list').locator('li[data-kind]')
  await expect(rows).toHaveCount(50)
  for (const kind of kinds) await expect(page.getByTestId('drawings-list').locator(`li[data-kind="${kind}"]`)).not.toHaveCount(0)
  // A paint of another path since, then a live one: the ticks go on taking the live layer's path.
  await page.getByTestId('chart').evaluate((el) => el.setAttribute('data-paint', 'seen'))
  await expect(page.getByTestId('chart')).toHaveAttribute('data-paint', 'live', { timeout: 20_000 })
})
