// The web host's pop-out windows as the browser gives them: opened at once (within the click), sent to
// the host's fresh link, found again by name after a reload without being reloaded, watched until the
// trader closes them.
import { describe, expect, it, vi } from 'vitest'
import { createBrowserWindows, windowFeatures } from './browser-windows'

class FakeWindow {
  closed = false
  focused = 0
  location: { href: string; replace: (url: string) => void }
  constructor(href = 'about:blank') {
    this.location = { href, replace: vi.fn((url: string) => void (this.location.href = url)) }
  }
  close() {
    this.closed = true
  }
  focus() {
    this.focused += 1
  }
}

function setup(windows: Record<string, FakeWindow | null> = {}) {
  const opened: Array<{ url: string; name: string; features: string }> = []
  let tick: (() => void) | null = null
  const closed = vi.fn()
  const link = vi.fn(async (place: { panel: string; pane: number }) => `http://127.0.0.1:1/?panel=${place.panel}&pane=${place.pane}&code=fresh`)
  const made = createBrowserWindows({
    open: (url, name, features) => {
      opened.push({ url, name, features })
      if (name in windows) return windows[name] as unknown as Window | null
      const win = new FakeWindow()
      windows[name] = win
      return win as unknown as Window
    },
    link,
    closed,
    every: (fn) => {
      tick = fn
      return () => (tick = null)
    },
  })
  return { made, opened, windows, closed, link, tick: () => tick?.(), watching: () => tick !== null }
}

describe('a pop-out’s browser window', () => {
  it('opens at once, named after its panel, then goes to the fresh link the host minted', async () => {
    const { made, opened, windows, link } = setup()
    expect(await made.show({ panel: 'chart', pane: 0 }, null)).toBe(true)
    expect(opened).toEqual([{ url: '', name: 'popout-chart-0', features: 'popup,width=900,height=600' }])
    expect(link).toHaveBeenCalledWith({ panel: 'chart', pane: 0 })
    expect(windows['popout-chart-0']!.location.replace).toHaveBeenCalledWith('http://127.0.0.1:1/?panel=chart&pane=0&code=fresh')
    expect(made.isOpen({ panel: 'chart', pane: 0 })).toBe(true)
  })

  it('opens where it stood, when the browser allows', () => {
    expect(windowFeatures({ panel: 'book', pane: 0 }, { x: -1200, y: 40, width: 500, height: 800 })).toBe('popup,width=500,height=800,left=-1200,top=40')
    expect(windowFeatures({ panel: 'book', pane: 0 }, null)).toBe('popup,width=420,height=720')
  })

  it('a window still open from before a reload is found, not reloaded: no new link is spent on it', async () => {
    const existing = new FakeWindow('http://127.0.0.1:1/?panel=chart&pane=0')
    const { made, link } = setup({ 'popout-chart-0': existing })
    expect(await made.show({ panel: 'chart', pane: 0 }, null)).toBe(true)
    expect(link).not.toHaveBeenCalled()
    expect(existing.location.replace).not.toHaveBeenCalled()
  })

  it('says when the browser refused to open it (a pop-up blocker)', async () => {
    const { made, link, watching } = setup({ 'popout-book-0': null })
    expect(await made.show({ panel: 'book', pane: 0 }, null)).toBe(false)
    expect(link).not.toHaveBeenCalled()
    expect(watching()).toBe(false)
  })

  it('tells when the trader closed it — its panel and pane only — and stops watching when none is left', async () => {
    const { made, windows, closed, tick, watching } = setup()
    await made.show({ panel: 'chart', pane: 0 }, null)
    tick()
    expect(closed).not.toHaveBeenCalled()
    windows['popout-chart-0']!.closed = true
    tick()
    expect(closed).toHaveBeenCalledWith({ panel: 'chart', pane: 0 })
    expect(made.isOpen({ panel: 'chart', pane: 0 })).toBe(false)
    expect(watching()).toBe(false)
  })

  it('a panel brought back closes its window without a second "closed"; one asked for again is focused, not opened twice', async () => {
    const { made, windows, closed, tick, opened } = setup()
    await made.show({ panel: 'chart', pane: 0, ...{ pair: 'BTC_USDT' } } as never, null)
    await made.show({ panel: 'chart', pane: 0 }, null)
    expect(opened).toHaveLength(1)
    expect(windows['popout-chart-0']!.focused).toBe(1)
    made.close({ panel: 'chart', pane: 0 })
    expect(windows['popout-chart-0']!.closed).toBe(true)
    tick()
    expect(closed).not.toHaveBeenCalled()
  })

  it('a link the host would not mint closes the blank window and says why', async () => {
    const { made, windows, link } = setup()
    link.mockRejectedValueOnce(new Error('The terminal host is not answering.'))
    await expect(made.show({ panel: 'chart', pane: 1 }, null)).rejects.toThrow('not answering')
    expect(windows['popout-chart-1']!.closed).toBe(true)
    expect(made.isOpen({ panel: 'chart', pane: 1 })).toBe(false)
  })
})
