// Closing the window while the terminal alone keeps a leg: the window's beforeunload refused the
// unload (Electron's will-prevent-unload), the main process names the legs and asks; only "Quit
// anyway" destroys the window (its bounds saved first) and lets a quit under way go on.
import { describe, expect, it, vi } from 'vitest'
import type { MessageBoxOptions } from 'electron'
import { openPosition } from '../domain/protection/step'
import type { Position } from '../domain/protection/types'
import { PLAN } from '../domain/test/position-plan.test-util'
import { openAlgo } from '../domain/algos/plan'
import type { Algo } from '../domain/algos/types'
import { planOf, SPECS } from '../domain/test/algo-plan.test-util'
import { guardWindowClose, quitQuestion, type QuitGuardDeps } from './quit-guard'

vi.mock('electron', () => ({}))

const withTarget: Position = openPosition({ ...PLAN, targets: [{ price: '110', share: '100' }] }).position

function harness(positions: Position[] | Error, response: number, quitting = true, algos: Algo[] = []) {
  let fire: () => void = () => undefined
  const win = {
    destroyed: false,
    webContents: { on: (_: 'will-prevent-unload', listener: (event: { preventDefault(): void }) => void) => (fire = () => listener({ preventDefault: vi.fn() })) },
    isDestroyed: () => win.destroyed,
    destroy: vi.fn(() => (win.destroyed = true)),
  }
  const asked: MessageBoxOptions[] = []
  const deps: QuitGuardDeps = {
    core: {
      call: (async (method: string) => (method === 'algos.list' ? algos : positions instanceof Error ? Promise.reject(positions) : positions)) as unknown as QuitGuardDeps['core']['call'],
    },
    ask: async (options) => (asked.push(options), { response }),
    quitting: () => quitting,
    quit: vi.fn(),
    stayed: vi.fn(),
    beforeDestroy: vi.fn(),
  }
  guardWindowClose(win, deps)
  return { win, deps, asked, fire: async () => (fire(), await new Promise((r) => setTimeout(r, 0))) }
}

describe('the quit guard', () => {
  it('names the legs only the terminal keeps and keeps the window open when the trader says so', async () => {
    const h = harness([withTarget], 0)
    await h.fire()
    expect(h.asked).toHaveLength(1)
    expect(h.asked[0]!.detail).toContain('BTC_USDT long: the target at 110')
    expect(h.asked[0]!.buttons).toEqual(['Keep the terminal open', 'Quit anyway'])
    expect(h.win.destroy).not.toHaveBeenCalled()
    expect(h.deps.stayed).toHaveBeenCalled()
  })

  it('"Quit anyway" saves the bounds, destroys the window and lets the quit go on', async () => {
    const h = harness([withTarget], 1)
    await h.fire()
    expect(h.deps.beforeDestroy).toHaveBeenCalled()
    expect(h.win.destroy).toHaveBeenCalled()
    expect(h.deps.quit).toHaveBeenCalled()
  })

  it('nothing kept any more: closes without asking; a list that cannot be read still asks', async () => {
    const done = harness([{ ...withTarget, state: 'closed', closedBy: 'target' }], 0, false)
    await done.fire()
    expect(done.asked).toEqual([])
    expect(done.win.destroy).toHaveBeenCalled()
    expect(done.deps.quit).not.toHaveBeenCalled()
    const failing = harness(new Error('no core'), 0)
    await failing.fire()
    expect(failing.asked[0]!.detail).toContain('could not be read')
    expect(quitQuestion([])).toBeNull()
  })

  it('a running algorithm is named too: quitting stops it sending; a paused one is not asked about', async () => {
    const twap = openAlgo(planOf(SPECS.twap))
    const h = harness([], 0, false, [twap])
    await h.fire()
    expect(h.asked[0]).toMatchObject({ title: 'Execution algorithms', message: 'Quitting stops the terminal watching one running algorithm.' })
    expect(h.asked[0]!.detail).toContain('BTC_USDT TWAP buy: 1 BTC not filled yet')
    const both = harness([withTarget], 0, false, [twap])
    await both.fire()
    expect(both.asked[0]!.message).toBe('Quitting stops the terminal watching one leg of your protected positions and one running algorithm.')
    const paused = harness([], 0, false, [{ ...twap, state: 'paused' }])
    await paused.fire()
    expect(paused.asked).toEqual([])
    expect(paused.win.destroy).toHaveBeenCalled()
  })
})
