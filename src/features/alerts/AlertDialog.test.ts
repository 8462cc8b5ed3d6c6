// @vitest-environment happy-dom
// The alert dialog as the trader sees it: a refused price is said in red under the field and the
// save sends nothing; a warning is said in amber and the save goes through; "order filled" shows
// neither.
import { afterEach, beforeEach, expect, it } from 'vitest'
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import type { FakeTerminal } from '@/stores/test/fake-terminal.test-util'
import { alertsTerminal } from '@/stores/test/alerts-harness.test-util'
import { useAlertsStore } from '@/stores/alerts/alerts'
import { $, submitFormOf, typeInto } from '../../lib/test/body-dom.test-util'
import AlertDialog from './AlertDialog.vue'

let terminal: FakeTerminal
let wrapper: VueWrapper | null = null

beforeEach(async () => {
  terminal = await alertsTerminal()
  wrapper = mount(AlertDialog, { attachTo: document.body })
  useAlertsStore().openDialog('BTC_USDT', '43100', '43000')
  await flushPromises()
})

afterEach(() => {
  wrapper?.unmount()
  wrapper = null
  document.body.innerHTML = ''
})

const typePrice = (value: string) => typeInto('alert-price', value)
const save = () => submitFormOf('alert-save')

it('an absurd price: the error under the field, the field marked, nothing sent; corrected, it is sent', async () => {
  await typePrice('100000000000000000000000')
  expect($('alert-price-error')?.textContent).toMatch(/more than 18 digits before the decimal point/)
  expect($('alert-price')!.getAttribute('aria-describedby')).toBe($('alert-price-error')!.id)
  await save()
  expect(terminal.callsOf('alerts.create')).toEqual([])
  expect($('alert-dialog')).not.toBeNull()

  await typePrice('43100.123')
  expect($('alert-price-error')?.textContent).toBe('BTC/USDT prices have at most 2 decimals')
  await typePrice('43100.12')
  expect($('alert-price-error')).toBeNull()
  await save()
  expect(terminal.callsOf('alerts.create')).toEqual([{ kind: 'above', pair: 'BTC_USDT', price: '43100.12', sound: true }])
})

it('a price 10× the last: a warning under the field, and the alert is still set', async () => {
  await typePrice('431000')
  expect($('alert-price-error')).toBeNull()
  expect($('alert-price-warning')?.textContent).toContain('This is 10× the last price (43,000)')
  await save()
  expect(terminal.callsOf('alerts.create')).toEqual([{ kind: 'above', pair: 'BTC_USDT', price: '431000', sound: true }])
})

it('"order filled" has no price field, and so no price error or warning', async () => {
  await typePrice('1.123')
  expect($('alert-price-error')).not.toBeNull()
  $('alert-kind-order-filled')!.querySelector('input')!.click()
  await flushPromises()
  expect($('alert-price')).toBeNull()
  expect($('alert-price-error')).toBeNull()
  expect($('alert-price-warning')).toBeNull()
})
