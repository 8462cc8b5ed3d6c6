// The positions file of a profile: written whole (atomically), read back, a damaged file moved aside
// and reported; and the inbox where a process without the lock leaves its requests.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openPosition, step } from '../../domain/protection/step'
import type { PositionPlan } from '../../domain/protection/types'
import { PLAN as BASE } from '../../domain/test/position-plan.test-util'
import { createPositionStore } from './position-store'
import { openAlgo } from '../../domain/algos/plan'
import { stepAlgo } from '../../domain/algos/step'
import { market, planOf, SPECS, T0 } from '../../domain/test/algo-plan.test-util'

const PLAN: PositionPlan = { ...BASE, targets: [{ price: '110', share: '50' }] }

const dirs: string[] = []
const fresh = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'positions-store-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('the positions store', () => {
  it('saves every position of a profile in its own file and reads it back', async () => {
    const dir = fresh()
    const store = createPositionStore(dir, 'prof-1')
    expect(await store.load()).toEqual({ positions: [], algos: [], warning: null })
    const { position } = openPosition(PLAN)
    await store.save([position])
    expect(store.path).toBe(join(dir, 'positions', 'prof-1.json'))
    expect((await createPositionStore(dir, 'prof-1').load()).positions).toEqual([position])
    expect((await createPositionStore(dir, 'prof-2').load()).positions).toEqual([])
    // atomic: no temporary file is left beside it
    expect(readdirSync(join(dir, 'positions'))).toEqual(['prof-1.json'])
  })

  it('reads back every field of a leg, the reason it was refused too', async () => {
    const store = createPositionStore(fresh(), 'p')
    const opened = openPosition(PLAN)
    const { position } = step(opened.position, { type: 'refused', clientOrderId: opened.position.legs[0]!.clientOrderId, reason: 'Not enough USDT. (INSUFFICIENT_FUNDS)' })
    expect(position.legs[0]).toMatchObject({ status: 'refused', refusedWhy: 'Not enough USDT. (INSUFFICIENT_FUNDS)' })
    await store.save([position])
    expect((await createPositionStore(store.path.split('/positions/')[0]!, 'p').load()).positions).toEqual([position])
  })

  it('keeps the last of several quick saves, whole', async () => {
    const store = createPositionStore(fresh(), 'p')
    const { position } = openPosition(PLAN)
    await Promise.all(['1', '2', '3'].map((n) => store.save([{ ...position, id: `p${n}` }])))
    const saved = JSON.parse(readFileSync(store.path, 'utf8')) as { positions: Array<{ id: string }> }
    expect(saved.positions.map((p) => p.id)).toEqual(['p3'])
  })

  it.each([
    ['not JSON', '{"version": 1, "positions": ['],
    ['not the format', JSON.stringify({ version: 1, positions: [{ id: 'p1', state: 'flying' }] })],
  ])('a damaged file (%s) is moved aside and reported, never silently dropped', async (_, text) => {
    const dir = fresh()
    const store = createPositionStore(dir, 'prof-1')
    await store.save([])
    writeFileSync(store.path, text)
    const loaded = await store.load()
    expect(loaded.positions).toEqual([])
    expect(loaded.warning).toMatch(/damaged .* set aside as .*prof-1\.json\.corrupt-/)
    const aside = readdirSync(join(dir, 'positions')).filter((n) => n.startsWith('prof-1.json.corrupt-'))
    expect(aside).toHaveLength(1)
    expect(readFileSync(join(dir, 'positions', aside[0]!), 'utf8')).toBe(text)
  })

  it('refuses a profile id that could name another path', () => {
    expect(() => createPositionStore(fresh(), '../x')).toThrow(/profile id/)
    expect(() => createPositionStore(fresh(), '.hidden')).toThrow(/profile id/)
  })

  it('hands the requests left in the inbox to the keeper once, oldest first', async () => {
    const store = createPositionStore(fresh(), 'prof-1')
    await store.request({ type: 'open', plan: PLAN })
    await new Promise((r) => setTimeout(r, 2))
    await store.request({ type: 'close', id: 'p1' })
    await new Promise((r) => setTimeout(r, 2))
    await store.request({ type: 'modify', id: 'p1', change: { stop: '96', targets: [{ index: 0, price: '120' }] } })
    const taken = await store.takeRequests()
    expect(taken.requests).toEqual([
      { type: 'open', plan: PLAN },
      { type: 'close', id: 'p1' },
      { type: 'modify', id: 'p1', change: { stop: '96', targets: [{ index: 0, price: '120' }] } },
    ])
    expect((await store.takeRequests()).requests).toEqual([])
  })
  it('keeps the execution algorithms beside the positions, every field read back; an older file has none', async () => {
    const dir = fresh()
    const store = createPositionStore(dir, 'prof-1')
    const { position } = openPosition(PLAN)
    const chase = stepAlgo(openAlgo(planOf(SPECS.chase, { id: 'algo-c' })), market(T0, '99', '100')).algo
    const twap = stepAlgo(stepAlgo(openAlgo(planOf({ ...SPECS.twap, randomizePct: 20 }, { id: 'algo-t' })), market(T0, '99', '100')).algo, { type: 'pause' }).algo
    await store.save([position], [chase, twap])
    expect(await createPositionStore(dir, 'prof-1').load()).toEqual({ positions: [position], algos: [chase, twap], warning: null })
    await store.save([position])
    expect(JSON.parse(readFileSync(store.path, 'utf8'))).toEqual({ version: 1, positions: [position] })
    expect((await store.load()).algos).toEqual([])
  })

  it('passes the start of an algorithm and its commands through the inbox', async () => {
    const store = createPositionStore(fresh(), 'prof-1')
    const plan = planOf(SPECS.scaled, { id: 'algo-s' })
    await store.request({ type: 'algo-start', plan })
    await new Promise((r) => setTimeout(r, 2))
    await store.request({ type: 'algo-cancel', id: 'algo-s' })
    expect((await store.takeRequests()).requests).toEqual([
      { type: 'algo-start', plan },
      { type: 'algo-cancel', id: 'algo-s' },
    ])
  })
})
