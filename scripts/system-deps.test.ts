import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain .mjs script without type declarations
import { ensureSystemDeps } from './system-deps.mjs'

const dep = (pkg: string, present: boolean) => ({ pkg, why: `${pkg} things`, present: () => present })

function harness(options: Record<string, unknown>) {
  const out: string[] = []
  const err: string[] = []
  const runs: string[] = []
  const result = ensureSystemDeps({
    log: (line: string) => out.push(line),
    warn: (line: string) => err.push(line),
    run: (command: string, args: string[]) => {
      runs.push([command, ...args].join(' '))
      return true
    },
    ...options,
  }) as { ok: boolean; missing: string[]; installed: string[] }
  return { result, out, err, runs }
}

describe('ensureSystemDeps', () => {
  it('prints one line and installs nothing when everything is present', () => {
    const { result, out, err, runs } = harness({ deps: [dep('xvfb', true), dep('dbus', true)], debian: true, root: true })
    expect(result.ok).toBe(true)
    expect(out).toEqual(['system-deps: all present (xvfb, dbus)'])
    expect(err).toEqual([])
    expect(runs).toEqual([])
  })

  it('as root on Debian installs exactly the missing packages, without recommends', () => {
    let installed = false
    const runs: string[] = []
    const deps = [dep('xvfb', true), { pkg: 'gnome-keyring', why: 'keyring', present: () => installed }]
    const { result } = harness({
      deps,
      debian: true,
      root: true,
      run: (command: string, args: string[]) => {
        if (args[0] === 'install') installed = true
        runs.push([command, ...args].join(' '))
        return true
      },
    })
    expect(runs).toEqual(['apt-get update', 'apt-get install -y --no-install-recommends gnome-keyring'])
    expect(result).toEqual({ ok: true, missing: [], installed: ['gnome-keyring'] })
  })

  it('without root names the missing packages and the command, and fails', () => {
    const { result, err, runs } = harness({ deps: [dep('xvfb', false), dep('xauth', false), dep('dbus', true)], debian: true, root: false })
    expect(result).toMatchObject({ ok: false, missing: ['xvfb', 'xauth'] })
    expect(err).toHaveLength(1)
    expect(err[0]).toContain('apt-get install --no-install-recommends xvfb xauth')
    expect(runs).toEqual([])
  })

  it('reports a failed installation', () => {
    const { result, err } = harness({ deps: [dep('xvfb', false)], debian: true, root: true, run: () => false })
    expect(result).toMatchObject({ ok: false, missing: ['xvfb'] })
    expect(err[0]).toContain('could not install xvfb')
  })
})
