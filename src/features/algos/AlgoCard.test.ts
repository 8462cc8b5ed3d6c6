// @vitest-environment happy-dom
// A chase's card says where its order is, and says so only as far as it is true: the keeper records
// an order before it sends it, so until the exchange has answered the card says "sending…" beside
// the price, and while the answer is unknown, that it is being looked up.
import { afterEach, beforeEach, expect, it } from 'vitest'
import { mount, type VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { planOf, runAlgo, SPECS, market, T0 } from '@domain/test/algo-plan.test-util'
import type { Algo, Slice } from '@domain/algos/types'
import { setTerminal } from '@/api'
import { fakeTerminal } from '@/stores/test/fake-terminal.test-util'
import AlgoCard from './AlgoCard.vue'

let wrapper: VueWrapper | null = null
beforeEach(() => {
  setActivePinia(createPinia())
  setTerminal(fakeTerminal({}))
})
afterEach(() => {
  wrapper?.unmount()
  wrapper = null
})

/** A chase that has placed its order at the touch, that order in `status`. */
function chaseWith(status: Slice['status']): Algo {
  const { algo } = runAlgo(planOf(SPECS.chase, { amount: '0.01' }), market(T0, '99.5', '100'))
  const [slice] = algo.slices
  if (!slice) throw new Error('the chase placed nothing')
  return { ...algo, slices: [{ ...slice, status }, ...algo.slices.slice(1)] }
}

const orderAt = (algo: Algo) => {
  wrapper = mount(AlgoCard, { props: { algo } })
  return wrapper.get('[data-testid="algo-order-price"]')
}

it('says an order still being sent is being sent, and a resting one plainly', () => {
  const sending = orderAt(chaseWith('placing'))
  expect(sending.attributes('data-status')).toBe('placing')
  expect(sending.text()).toBe('99.5 (sending…)')
  wrapper?.unmount()
  const resting = orderAt(chaseWith('resting'))
  expect(resting.attributes('data-status')).toBe('resting')
  expect(resting.text()).toBe('99.5')
})

it('says an order whose answer was lost is being looked up', () => {
  expect(orderAt(chaseWith('unknown')).text()).toBe('99.5 (unknown: being looked up)')
})
