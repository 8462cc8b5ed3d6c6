// @vitest-environment happy-dom
// The protect form's figures: the amount exact (it is what is sent), the money at risk and the fees
// at the quote currency's places, rounded up (never shown smaller than they are).
import { describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import ProtectFigures from './ProtectFigures.vue'
import { ETH_USDT } from '@/stores/test/market-fixtures.test-util'

describe('ProtectFigures', () => {
  it('shows the amount exactly, and the risk and fees to the cent, rounded up', () => {
    const figures = { ok: true as const, amount: '2.021', risk: '2499.99994947478', riskPercent: '1', fees: { entry: '4.0420001', stop: '3.99' }, reward: '5000', rewardToRisk: '2' }
    const wrapper = mount(ProtectFigures, { props: { figures, pair: ETH_USDT } })
    expect(wrapper.get('[data-testid="protect-figure-amount"]').text()).toBe('2.021 ETH')
    expect(wrapper.get('[data-testid="protect-figure-risk"]').text()).toBe('2,500.00 USDT (1.00 %)')
    expect(wrapper.get('[data-testid="protect-figure-fees"]').text()).toBe('4.05 + 3.99 USDT')
    expect(wrapper.get('[data-testid="protect-figure-rr"]').text()).toBe('2.00 R')
  })
})
