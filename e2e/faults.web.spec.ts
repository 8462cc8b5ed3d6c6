// Faults end to end, as the status lights say them: the demo exchange runs as a process of its own
// (--admin), the terminal's web host points a profile at it, and one Chromium window watches while the
// exchange misbehaves in each of its fault modes (fault-window.ts sets the stage). For each the window
// must say what is going on in words a trader understands (retrying, rate limited, authentication
// failed, bad answer, offline), and recover by itself when the fault clears. What an order meets in a
// fault is faults-orders.web.spec.ts.
//
// Tests wait on what the window shows, never on sleeps. They share one window and run in order; the
// last one kills the exchange.
import { expect, test } from '@playwright/test'
import { RECOVERY_MS, accountStatus, expectOnline, log, marketStatus, page, setFaults, shot, stopDemo, tooltipOf, unhover, useFaultWindow } from './fault-window'

useFaultWindow()

test('5xx: retrying with a countdown, then online again by itself', async () => {
  await setFaults({ serverError: 503 })
  await expect(marketStatus()).toHaveText(/Market retrying in \d+ s/)
  await expect(accountStatus()).toHaveText(/Account retrying/)
  const tip = await tooltipOf(marketStatus())
  await expect(tip).toContainText('status 503')
  await expect(tip).toContainText('Retrying')
  await shot('5xx')
  await unhover()
  await setFaults({})
  const took = await expectOnline()
  log(`5xx recovery: ${took} ms`)
})

test('429 with Retry-After: rate limited, with the wait the exchange asked for', async () => {
  await setFaults({ rateLimit: { retryAfterSec: 3 } })
  await expect(marketStatus()).toHaveText(/Market rate limited, retry in \d+ s/)
  await expect(accountStatus()).toHaveText(/Account rate limited/)
  await shot('429')
  await setFaults({})
  const took = await expectOnline()
  log(`429 recovery: ${took} ms`)
})

test('HTML gateway page: retrying, and the words say gateway page, not a JSON parse error', async () => {
  await setFaults({ htmlGateway: true })
  await expect(marketStatus()).toHaveText(/Market retrying/)
  const tip = await tooltipOf(marketStatus())
  await expect(tip).toContainText('gateway error page')
  await expect(tip).not.toContainText(/JSON|Unexpected token/i)
  await shot('htmlGateway')
  await unhover()
  await setFaults({})
  const took = await expectOnline()
  log(`htmlGateway recovery: ${took} ms`)
})

test('malformed JSON: a bad answer from the exchange, said as such', async () => {
  await setFaults({ malformedJson: true })
  await expect(marketStatus()).toHaveText(/Market bad answer/)
  await expect(accountStatus()).toHaveText(/Account bad answer/)
  const tip = await tooltipOf(marketStatus())
  await expect(tip).toContainText('not understood')
  await shot('malformedJson')
  await unhover()
  await setFaults({})
  const took = await expectOnline()
  log(`malformedJson recovery: ${took} ms`)
})

test('expired tokens: re-authenticating, then authentication failed; the market keeps flowing', async () => {
  // The exchange takes a while to issue a token, so the re-authentication is there to be seen.
  await setFaults({ expiredToken: true, latencyMs: 2_500, onlyPaths: ['/auth', '/accounts'] })
  // The account feed polls every 4 s: its next private request meets the refusal.
  await expect(accountStatus()).toHaveText(/Account re-authenticating/, { timeout: 15_000 })
  await shot('reauthenticating')
  // Every token the exchange issues is refused: signing in again cannot help, and the window says so
  // (the market data is public and keeps flowing, which must not turn the account light green).
  await expect(accountStatus()).toHaveText(/Account authentication failed/, { timeout: 15_000 })
  await expect(page.getByTestId('app-info')).toContainText('Authentication failed')
  await expect(marketStatus()).toHaveText(/Market online/)
  await shot('expiredToken')
  await setFaults({})
  // The account feed's next poll (it backs off after the failure) finds the key accepted again.
  const took = await expectOnline()
  log(`expiredToken recovery: ${took} ms`)
})

test('exchange gone: offline, the chart keeps its last data marked stale', async () => {
  await stopDemo()
  await expect(marketStatus()).toHaveText(/Market offline/, { timeout: RECOVERY_MS })
  await expect(accountStatus()).toHaveText(/Account offline/, { timeout: RECOVERY_MS })
  // the last data stays on the chart, marked stale
  await expect(page.getByTestId('stale-badge')).toBeVisible()
  await expect(page.getByTestId('stale-badge')).toContainText('offline data')
  await expect(page.getByTestId('chart-readout')).toHaveText(/O\s*[\d,.]+\s*H\s*[\d,.]+\s*L\s*[\d,.]+\s*C\s*[\d,.]+/)
  await shot('offline')
  const tip = await tooltipOf(marketStatus())
  await expect(tip).toContainText('unreachable')
  await expect(tip).toContainText('ECONNREFUSED')
})
