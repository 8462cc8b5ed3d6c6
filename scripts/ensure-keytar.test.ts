// The repair step `npm test` runs before the keychain tests: it must do the work it reports, in order,
// and fail loudly when keytar still cannot load. (The real path, on a clean clone with
// node_modules/keytar deleted, is what `.ci/run` exercises.)
import { describe, expect, it } from 'vitest'
import { ensureKeytar, lockedKeytarVersion } from './ensure-keytar.mjs'

type Probe = { ok: boolean; version?: string; error?: string }

function harness(probes: Probe[], present: boolean[]) {
  const runs: string[][] = []
  const lines: string[] = []
  const result = ensureKeytar({
    probe: () => probes.shift() ?? { ok: false, error: 'no more' },
    present: () => present.shift() ?? false,
    run: (args: string[]) => (runs.push(args), true),
    version: () => '7.9.0',
    log: (line: string) => lines.push(line),
  }) as { ok: boolean; action: string }
  return { result, runs, lines }
}

describe('ensure-keytar', () => {
  it('does nothing when keytar loads', () => {
    const { result, runs, lines } = harness([{ ok: true, version: '7.9.0' }], [])
    expect(result).toEqual({ ok: true, action: 'none' })
    expect(runs).toEqual([])
    expect(lines).toEqual(['keytar 7.9.0 loads'])
  })

  it('installs the locked version when npm dropped it, and reports ok only once it loads', () => {
    const { result, runs, lines } = harness(
      [
        { ok: false, error: "Cannot find module 'keytar'" },
        { ok: true, version: '7.9.0' },
      ],
      [false, false],
    )
    expect(runs).toEqual([['install', '--no-save', '--no-audit', '--no-fund', 'keytar@7.9.0']])
    expect(result).toEqual({ ok: true, action: 'install' })
    expect(lines.at(-1)).toBe('keytar 7.9.0 loads (after install)')
  })

  it('rebuilds a present but broken keytar before reinstalling it', () => {
    const { result, runs } = harness(
      [
        { ok: false, error: 'libsecret-1.so.0: cannot open' },
        { ok: true, version: '7.9.0' },
      ],
      [true],
    )
    expect(runs).toEqual([['rebuild', 'keytar']])
    expect(result).toEqual({ ok: true, action: 'rebuild' })
  })

  it('fails with the reason and what to install when it still does not load', () => {
    const { result, runs, lines } = harness(
      [
        { ok: false, error: 'x' },
        { ok: false, error: 'x' },
        { ok: false, error: 'gyp ERR! build error' },
      ],
      [true, true],
    )
    expect(runs.map((r) => r[0])).toEqual(['rebuild', 'install'])
    expect(result.ok).toBe(false)
    expect(lines.at(-1)).toMatch(/keytar does not load: gyp ERR! build error\. .*libsecret-1-dev/)
  })

  it('reads the version the lockfile pins', () => {
    expect(lockedKeytarVersion()).toMatch(/^\d+\.\d+\.\d+$/)
  })
})
