// The workspace's tables at the sizes a trader works at, in a real Chromium against the demo
// exchange: at 1280×720 (and 1440×900) the open orders read cleanly, no number running into the next
// and the pinned Cancel in view; in a narrow side column the trades' header stays on one line, each
// label over its numbers. The panels themselves are workspace-layout.web.spec.ts.
import { test, expect } from '@playwright/test'
import { DEFAULT_LAYOUT } from '../electron/domain/prefs/chart-prefs'
import { callApi, type RunningHost } from './web-host'
import { cellsUnderPinned, openApp, shot, textsOutsideCells, useWebHost } from './helpers'

let host: RunningHost

useWebHost((started) => (host = started))

function callPrefs(): Promise<{ layout: { bottomCollapsed: boolean; side: number } }> {
  return callApi(host, 'prefs.get')
}

test('at 1280×720 the open orders read cleanly: no number runs into the next, and Cancel stays in view', async ({ page }) => {
  const pairs = await callApi<{ name: string; minimum_order_size: string }[]>(host, 'market.pairs')
  const btc = pairs.find((p) => p.name === 'BTC_USDT')!
  // Far under the market: it rests. A stop-limit too, whose stop price shares the price cell.
  const placed = [
    await callApi<{ orderIds: number[] }>(host, 'orders.place', {
      pair: 'BTC_USDT',
      order_type: 'LIMIT',
      order_side: 'BUY',
      wallet_type: 'SPOT',
      base_amount: btc.minimum_order_size,
      limit_price: '40000.12',
    }),
    await callApi<{ orderIds: number[] }>(host, 'orders.place', {
      pair: 'BTC_USDT',
      order_type: 'STOP_LIMIT',
      order_side: 'BUY',
      wallet_type: 'SPOT',
      base_amount: btc.minimum_order_size,
      limit_price: '90000.55',
      stop_price: '90000.12',
      stop_operator: 'GTE',
    }),
  ]
  try {
    await page.setViewportSize({ width: 1280, height: 720 })
    await openApp(page, host)
    await page.getByTestId('tab-orders').click()
    const table = page.getByTestId('open-orders-table')
    await expect(table.locator('tr[data-order-id], tbody tr').filter({ hasText: '40,000.12' })).toBeVisible()
    expect(await textsOutsideCells(table), 'open order texts running out of their cells').toEqual([])
    for (const ids of placed) await expect(page.getByTestId(`cancel-order-${ids.orderIds[0]}`)).toBeInViewport({ ratio: 1 })
    // The tab bar (narrower here: an earlier test widened the side column) stops short of the
    // collapse toggle over its right end, so no tab hides under it; the rest scroll.
    const bar = (await page.locator('.bottom-tabs .n-tabs-nav-scroll-wrapper').boundingBox())!
    const toggle = (await page.getByTestId('toggle-bottom').boundingBox())!
    expect(bar.x + bar.width, 'the tab bar ends before the collapse toggle').toBeLessThanOrEqual(toggle.x + 0.5)

    // With the default panel sizes nothing sits under the pinned Cancel column (a price half under
    // it read as another price), at 1280×720 and at 1440×900, where the created time has a column
    // of its own again.
    await callApi(host, 'prefs.set', { layout: DEFAULT_LAYOUT })
    await openApp(page, host)
    await page.getByTestId('tab-orders').click()
    await expect(table.locator('tbody tr').filter({ hasText: '40,000.12' })).toBeVisible()
    expect(await cellsUnderPinned(table), 'cells under the pinned Cancel column at 1280×720').toEqual([])
    expect(await textsOutsideCells(table), 'open order texts running out of their cells').toEqual([])
    // Today's orders show the time of day, the whole timestamp in the title.
    const time = page.getByTestId(`order-row-${placed[0]!.orderIds[0]}`).locator('[data-col="time"]')
    await expect(time).toHaveText(/^\d\d:\d\d:\d\d$/)
    await expect(time).toHaveAttribute('title', /^Placed \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)
    await shot(page, 'open-orders-1280x720')
    await page.setViewportSize({ width: 1440, height: 900 })
    await expect(table.locator('th', { hasText: 'Time' })).toBeVisible()
    expect(await cellsUnderPinned(table), 'cells under the pinned Cancel column at 1440×900').toEqual([])
    expect(await textsOutsideCells(table), 'open order texts running out of their cells').toEqual([])
    await expect(time).toHaveText(/^\d\d:\d\d:\d\d$/)
    await shot(page, 'open-orders-1440x900')
  } finally {
    await callApi(host, 'orders.cancel', { pair: 'BTC_USDT' }).catch(() => undefined)
  }
})

test('in a narrow side column the trades header stays on one line, each label over its numbers', async ({ page }) => {
  const { layout } = await callPrefs()
  // The narrowest side column the split allows (15 % of the window).
  await callApi(host, 'prefs.set', { layout: { ...layout, side: 15, sideCollapsed: false, bottomCollapsed: false } })
  try {
    await page.setViewportSize({ width: 1600, height: 960 })
    await openApp(page, host)
    const trades = page.getByTestId('side-region').getByTestId('trades-table')
    await expect(trades.locator('[data-testid^="trade-"]').first()).toBeVisible()
    const fit = await trades.evaluate((root) => {
      const head = root.querySelector('.head')!.getBoundingClientRect()
      const row = root.querySelector('[data-testid^="trade-"]')!
      const problems: string[] = []
      const tops: number[] = []
      ;[...root.querySelectorAll('[role="columnheader"]')].forEach((cell, i) => {
        // What the header shows: the lines of its text inside both the header's box and the cell's
        // (a line wholly outside is clipped away, unseen); a line across an edge is a label cut in half.
        const own = cell.getBoundingClientRect()
        const box = { top: Math.max(head.top, own.top), bottom: Math.min(head.bottom, own.bottom) }
        const range = root.ownerDocument.createRange()
        range.selectNodeContents(cell)
        const shown = [...range.getClientRects()].filter((r) => r.width > 0 && r.bottom > box.top + 0.5 && r.top < box.bottom - 0.5)
        for (const r of shown) if (r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5) problems.push(`${cell.textContent} crosses the header's edge`)
        if (shown.length === 0) problems.push(`${cell.textContent} not shown`)
        tops.push(...shown.map((r) => r.top))
        const number = row.children[i]!.getBoundingClientRect()
        const right = Math.max(...shown.map((r) => r.right))
        if (Math.abs(right - number.right) > 1) problems.push(`${cell.textContent} ends at ${right}, its numbers at ${number.right}`)
      })
      // One line: every label's top within a pixel or two of the others' (a second line is a line lower).
      if (Math.max(...tops) - Math.min(...tops) > 2) problems.push(`header text on more than one line: tops ${tops.join(', ')}`)
      return { problems, headHeight: head.height, rowHeight: row.getBoundingClientRect().height }
    })
    expect(fit.problems, 'the trades header as shown').toEqual([])
    expect(fit.headHeight).toBeLessThanOrEqual(fit.rowHeight + 4)
    // The unit is still named, in the header's title.
    await expect(trades.locator('[role="columnheader"]').nth(1)).toHaveAttribute('title', 'Amount in BTC')
    await shot(page, 'trades-narrow-side')
  } finally {
    await callApi(host, 'prefs.set', { layout })
  }
})
