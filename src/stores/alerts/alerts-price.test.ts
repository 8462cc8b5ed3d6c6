// The alert dialog's price, as the trader sees it: a price the pair cannot quote is refused under the
// field and nothing is sent; one that fires at once or lies far from the last price is warned about,
// and still saved when the trader insists. "Order filled" has no price, and none of this applies.
import { beforeEach, describe, expect, it } from 'vitest'
import type { FakeTerminal } from '../test/fake-terminal.test-util'
import { alertsTerminal } from '../test/alerts-harness.test-util'
import { useAlertsStore } from './alerts'

let terminal: FakeTerminal

beforeEach(async () => {
  terminal = await alertsTerminal()
})

/** The dialog opened on `pair` with the last price `last`, and `price` typed into it. */
function typed(price: string, last: string | null = '43000', pair = 'BTC_USDT', kind?: 'above' | 'below' | 'cross') {
  const alerts = useAlertsStore()
  alerts.openDialog(pair, '', last)
  alerts.dialog!.price = price
  if (kind) alerts.dialog!.kind = kind
  return alerts
}

describe('the alert price: refused', () => {
  it('more decimals than the pair quotes: said under the field as it is typed, nothing sent', async () => {
    const alerts = typed('43000.123456789012')
    expect(alerts.priceError).toBe('BTC/USDT prices have at most 2 decimals')
    expect(await alerts.save()).toBe(false)
    expect(terminal.callsOf('alerts.create')).toEqual([])
    expect(alerts.dialogOpen).toBe(true)
  })

  it('an absurd number (an extra run of zeros): refused, nothing sent', async () => {
    const alerts = typed('100000000000000000000000')
    expect(alerts.priceError).toMatch(/more than 18 digits before the decimal point/)
    expect(await alerts.save()).toBe(false)
    expect(terminal.callsOf('alerts.create')).toEqual([])
  })

  it('a pair other than the chart’s is held to its own precision', () => {
    expect(typed('2500.123', null, 'ETH_USDT').priceError).toBe('ETH/USDT prices have at most 2 decimals')
    expect(typed('2500.12', null, 'ETH_USDT').priceError).toBeNull()
  })

  it('an empty price is not scolded on opening, only when saved', async () => {
    const alerts = typed('')
    expect(alerts.priceError).toBeNull()
    expect(await alerts.save()).toBe(false)
    expect(alerts.priceError).toBe('Enter a price')
  })

  it('a corrected price is sent, in the canonical form the core reads', async () => {
    const alerts = typed('43000.555')
    expect(await alerts.save()).toBe(false)
    alerts.dialog!.price = '44000.50'
    expect(alerts.priceError).toBeNull()
    expect(await alerts.save()).toBe(true)
    expect(terminal.callsOf('alerts.create')).toEqual([{ kind: 'above', pair: 'BTC_USDT', price: '44000.5', sound: true }])
  })
})

describe('the alert price: warned about, still saved', () => {
  it('"rises to" at or under the last price fires at once: warned, and saved if the trader insists', async () => {
    const alerts = typed('42000', '43000', 'BTC_USDT', 'above')
    expect(alerts.priceError).toBeNull()
    expect(alerts.priceWarnings).toEqual(['The last price (43,000) is already at or above this: the alert fires at once'])
    expect(await alerts.save()).toBe(true)
    expect(terminal.callsOf('alerts.create')).toEqual([{ kind: 'above', pair: 'BTC_USDT', price: '42000', sound: true }])
  })

  it('"falls to" at or over the last price fires at once', () => {
    expect(typed('43000', '43000', 'BTC_USDT', 'below').priceWarnings).toEqual(['The last price (43,000) is already at or below this: the alert fires at once'])
    expect(typed('42999.99', '43000', 'BTC_USDT', 'below').priceWarnings).toEqual([])
  })

  it('an extra zero (10× the last price) or a missing one is pointed out', async () => {
    const alerts = typed('430000', '43000', 'BTC_USDT', 'above')
    expect(alerts.priceWarnings).toEqual(['This is 10× the last price (43,000): check for an extra digit or a misplaced decimal point'])
    expect(await alerts.save()).toBe(true)
    expect(typed('4300', '43000', 'BTC_USDT', 'below').priceWarnings).toEqual(['This is under a fifth of the last price (43,000): check for a missing digit or a misplaced decimal point'])
    expect(typed('50000', '43000', 'BTC_USDT', 'above').priceWarnings).toEqual([])
  })

  it('no last price known (a pair off the chart without a ticker): no warning is invented', () => {
    expect(typed('430000', null, 'ETH_USDT', 'above').priceWarnings).toEqual([])
  })

  it('a refused price shows its error, not warnings', () => {
    const alerts = typed('430000.001', '43000', 'BTC_USDT', 'above')
    expect(alerts.priceError).not.toBeNull()
    expect(alerts.priceWarnings).toEqual([])
  })
})

it('"order filled" has no price: no error, no warning, and it saves', async () => {
  const alerts = typed('100000000000000000000000.123')
  alerts.dialog!.kind = 'order-filled'
  expect(alerts.priceError).toBeNull()
  expect(alerts.priceWarnings).toEqual([])
  expect(await alerts.save()).toBe(true)
  expect(terminal.callsOf('alerts.create')).toEqual([{ kind: 'order-filled', pair: 'BTC_USDT', sound: true }])
})
