// @vitest-environment happy-dom
// Answers the page came with (the web host's app page: electron/web-host/page-data.ts) are the first
// calls' answers, taken once; nothing is sent for them, and a malformed one is no answer at all.
import { describe, expect, it } from 'vitest'
import { sendFirstCalls } from './first-calls'
import { WEB_PAGE_DATA_ID as PAGE_DATA_ID } from '@domain/api/api-names'
import { takePageData } from './page-data'
import { fakeTerminal } from '@/stores/test/fake-terminal.test-util'

function pageWith(text: string): Document {
  document.body.innerHTML = ''
  const element = document.createElement('script')
  element.type = 'application/json'
  element.id = PAGE_DATA_ID
  element.textContent = text
  document.body.append(element)
  return document
}

describe('takePageData', () => {
  it('reads the answers once and takes the element away', () => {
    const doc = pageWith(JSON.stringify({ 'market.cachedStart': { pair: 'BTC_USDT' } }))
    expect(takePageData(doc)).toEqual({ 'market.cachedStart': { pair: 'BTC_USDT' } })
    expect(doc.getElementById(PAGE_DATA_ID)).toBeNull()
    expect(takePageData(doc)).toEqual({})
  })

  it('counts a malformed element, or none, as no answers', () => {
    for (const text of ['{not json', '[1,2]', 'null', '"text"']) expect(takePageData(pageWith(text))).toEqual({})
    document.body.innerHTML = ''
    expect(takePageData(document)).toEqual({})
  })
})

describe('sendFirstCalls with the page’s answers', () => {
  it('answers a first call from the page and sends nothing for it; the others go out as ever', async () => {
    const inner = fakeTerminal({ 'market.cachedStart': () => null, 'app.info': () => ({}) as never })
    const { bridge, answers } = sendFirstCalls(inner, ['market.cachedStart', 'app.info'], { 'market.cachedStart': { from: 'page' } as never })
    expect(inner.calls.map((c) => c.method)).toEqual(['app.info'])
    expect(await answers.answer('market.cachedStart')).toEqual({ from: 'page' })
    expect(await bridge.call('market.cachedStart', undefined)).toEqual({ from: 'page' })
    // taken once: a later ask goes to the core
    expect(await bridge.call('market.cachedStart', undefined)).toBeNull()
    expect(inner.callsOf('market.cachedStart')).toHaveLength(1)
  })
})
