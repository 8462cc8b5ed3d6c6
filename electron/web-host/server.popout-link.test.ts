// A pop-out's window in the web host opens through a fresh one-time link the host mints on request
// (docs/popouts.md): only for a window with a session, only for that pop-out's route, once.
import { describe, expect, it } from 'vitest'
import { closeWebHostAfterEach, setup } from './test/web-host-harness.test-util'

closeWebHostAfterEach()

async function signedIn() {
  const harness = await setup()
  const cookie = harness.cookieOf(await harness.trade(harness.code))
  const mint = (body: unknown, headers: Record<string, string> = { cookie }) =>
    harness.send('POST', '/session/link', { headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
  const tradeFor = (code: string, scope?: string) =>
    harness.send('POST', '/session', { headers: { 'content-type': 'application/json' }, body: JSON.stringify(scope === undefined ? { code } : { code, scope }) })
  return { ...harness, cookie, mint, tradeFor }
}

const urlOf = (answer: { body: string }) => new URL((JSON.parse(answer.body) as { url: string }).url)

describe("a pop-out's one-time link", () => {
  it('is minted for a session only, fresh each time, and opens the pop-out route with a code of its own', async () => {
    const { host, mint, code } = await signedIn()
    expect((await mint({ popout: { panel: 'chart', pane: 0 } }, {})).status).toBe(401)
    const first = urlOf(await mint({ popout: { panel: 'chart', pane: 0 } }))
    const second = urlOf(await mint({ popout: { panel: 'chart', pane: 0 } }))
    expect(first.origin).toBe(host.origin)
    expect(first.pathname).toBe('/')
    expect(first.searchParams.get('panel')).toBe('chart')
    expect(first.searchParams.get('pane')).toBe('0')
    const one = first.searchParams.get('code')!
    const two = second.searchParams.get('code')!
    expect(one).toMatch(/^[\w-]{40,}$/)
    expect(new Set([one, two, code]).size).toBe(3)
  })

  it('opens its own route only: the page is served there, and not as the main window', async () => {
    const { send, mint } = await signedIn()
    const url = urlOf(await mint({ popout: { panel: 'book', pane: 0 } }))
    const code = url.searchParams.get('code')!
    // without the cookie, as a browser elsewhere would be
    expect((await send('GET', `/?code=${code}`)).status).toBe(401)
    expect((await send('GET', `/?panel=chart&pane=0&code=${code}`)).status).toBe(401)
    expect((await send('GET', `/?panel=book&pane=0&code=${code}`)).status).toBe(200)
  })

  it('is traded once, and only by a page that says it is on that route', async () => {
    const { mint, tradeFor } = await signedIn()
    const code = urlOf(await mint({ popout: { panel: 'chart', pane: 1 } })).searchParams.get('code')!
    expect((await tradeFor(code, 'popout:chart:1')).status).toBe(204)
    expect((await tradeFor(code, 'popout:chart:1')).status).toBe(401)

    // a code tried as the main window's, or another pop-out's, is spent and buys nothing
    for (const wrong of [undefined, 'app', 'popout:chart:0', 'popout:book:1']) {
      const other = urlOf(await mint({ popout: { panel: 'chart', pane: 1 } })).searchParams.get('code')!
      const answer = await tradeFor(other, wrong)
      expect(answer.status).toBe(401)
      expect(answer.headers['set-cookie']).toBeUndefined()
      expect((await tradeFor(other, 'popout:chart:1')).status).toBe(401)
    }
  })

  it('a guessed code opens nothing', async () => {
    const { send, mint, tradeFor } = await signedIn()
    const real = urlOf(await mint({ popout: { panel: 'chart', pane: 0 } })).searchParams.get('code')!
    const guess = `${real.slice(0, -1)}${real.endsWith('A') ? 'B' : 'A'}`
    expect((await send('GET', `/?panel=chart&pane=0&code=${guess}`)).status).toBe(401)
    expect((await tradeFor(guess, 'popout:chart:0')).status).toBe(401)
    // and the guess did not spend the real one
    expect((await tradeFor(real, 'popout:chart:0')).status).toBe(204)
  })

  it('refuses to mint for a panel or pane that is not one, in words', async () => {
    const { mint, send, cookie } = await signedIn()
    for (const popout of [{ panel: 'orders', pane: 0 }, { panel: 'chart', pane: 4 }, { panel: 'chart', pane: -1 }, { panel: 'chart', pane: '0' }, { panel: 'chart' }, null, 'chart']) {
      const answer = await mint({ popout })
      expect(answer.status).toBe(400)
      expect(answer.body).toContain('"panel"')
    }
    expect((await send('POST', '/session/link', { headers: { cookie }, body: '{not json' })).status).toBe(400)
  })
})
