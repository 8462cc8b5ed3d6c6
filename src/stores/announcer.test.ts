// What a screen reader hears: each order result, fill, cancel and fired alert once, however many
// parts of the window learn of it.
import { beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { setTerminal } from '@/api'
import { fakeTerminal } from './test/fake-terminal.test-util'
import { useAnnouncerStore } from './announcer'
import { useNoticeStore } from './notices'

beforeEach(() => {
  setActivePinia(createPinia())
  setTerminal(fakeTerminal({}))
})

describe('announcer', () => {
  it('says each thing once, keeps the last five', () => {
    const a = useAnnouncerStore()
    a.announce('placed:1', 'Order placed: #1')
    a.announce('placed:1', 'Order placed: #1')
    for (let i = 2; i <= 7; i++) a.announce(`placed:${i}`, `Order placed: #${i}`)
    expect(a.messages.map((m) => m.text)).toEqual(['Order placed: #3', 'Order placed: #4', 'Order placed: #5', 'Order placed: #6', 'Order placed: #7'])
  })

  it('a fill or a cancel from the core is said once; a warning is not an order result', () => {
    const notices = useNoticeStore()
    const filled = { kind: 'order-filled' as const, title: 'Order filled', body: 'Buy 0.01 BTC/USDT (#9)' }
    notices.push(filled)
    notices.push(filled)
    notices.push({ kind: 'warning', title: 'Slow', body: 'The exchange is slow' })
    expect(useAnnouncerStore().messages.map((m) => m.text)).toEqual(['Order filled: Buy 0.01 BTC/USDT (#9)'])
  })
})
