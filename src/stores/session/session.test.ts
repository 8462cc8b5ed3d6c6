// The session store on its own: what it says before anything is loaded, the banner's notice for each
// kind of trouble, where the keychain's state comes from, the switching flag around a switch, a
// failed load, and the profile list kept in step. (With the account store: session-account.test.ts.)
import { beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import type { SessionState } from '@domain/api/api'
import { setTerminal } from '@/api'
import { deferred, fakeTerminal, profileView, sessionState, type FakeTerminal } from '../test/fake-terminal.test-util'
import { useSessionStore } from './session'

let terminal: FakeTerminal
beforeEach(() => {
  setActivePinia(createPinia())
  terminal = fakeTerminal({
    'session.get': () => sessionState(),
    'profiles.list': () => [profileView()],
    'app.info': () => ({ name: 'T', version: '0.1.0', host: 'web', platform: 'linux', dataDir: '/d', keychain: { available: false, reason: 'no keytar' } }),
  })
  setTerminal(terminal)
})

const offline = (problem?: 'auth-failed') => ({ state: 'offline' as const, message: 'Offline', since: 0, ...(problem ? { problem } : {}) })

describe('before the session is loaded', () => {
  it('nothing is known, nothing can be traded, and nothing is switching', () => {
    const session = useSessionStore()
    expect({
      switchGeneration: session.switchGeneration,
      profileGeneration: session.profileGeneration,
      notice: session.notice,
      canTrade: session.canTrade,
      accountId: session.accountId,
      profile: session.profile,
      account: session.account,
      keychain: session.keychain,
      profiles: session.profiles,
      switching: session.switching,
    }).toEqual({ switchGeneration: 0, profileGeneration: 0, notice: null, canTrade: false, accountId: null, profile: null, account: null, keychain: null, profiles: [], switching: false })
  })
})

describe('the notice under the header', () => {
  const cases: [string, Partial<SessionState>, 'unreachable' | 'view-only' | null][] = [
    ['the exchange cannot be reached', { connection: offline(), canTrade: false }, 'unreachable'],
    ['the key was refused: the exchange answers, the account is view-only', { connection: offline('auth-failed'), canTrade: false }, 'view-only'],
    ['the key was refused and no account is known', { connection: offline('auth-failed'), canTrade: false, accounts: [] }, null],
    ['an account without a key', { canTrade: false }, 'view-only'],
    ['no account known yet', { canTrade: false, accounts: [] }, null],
    ['no profile', { profile: null, connection: offline(), canTrade: false }, null],
    ['all well', {}, null],
  ]
  for (const [what, over, notice] of cases) {
    it(`${what}: ${notice ?? 'none'}`, () => {
      const session = useSessionStore()
      session.applyState(sessionState(over))
      expect(session.notice).toBe(notice)
    })
  }
})

describe('what the session says', () => {
  it("the keychain from the session, else from the app's info", async () => {
    const session = useSessionStore()
    await session.load()
    expect(session.keychain).toEqual({ available: true })
    session.state = null
    expect(session.keychain).toEqual({ available: false, reason: 'no keytar' })
  })

  it("the selected account's node", () => {
    const session = useSessionStore()
    session.applyState(sessionState({ accountId: 2 }))
    expect(session.account).toMatchObject({ id: 2, name: 'Sub A' })
  })

  it('a session that cannot be loaded: why, for the header, and the failure to the caller', async () => {
    terminal.handlers['session.get'] = () => {
      throw new Error('core not started')
    }
    const session = useSessionStore()
    await expect(session.load()).rejects.toThrow('core not started')
    expect(session.loadError).toBe('core not started')
    terminal.handlers['session.get'] = () => sessionState()
    await session.load()
    expect(session.loadError).toBeNull()
  })
})

describe('switching', () => {
  it('says it is switching while a profile or an account switch is under way, and not after, whatever the outcome', async () => {
    const session = useSessionStore()
    await session.load()
    for (const [method, start] of [
      ['profiles.activate', () => session.activate('p2')],
      ['accounts.select', () => session.selectAccount(3)],
    ] as const) {
      const answer = deferred<SessionState>()
      terminal.handlers[method] = () => answer.promise
      const pending = start()
      expect(session.switching).toBe(true)
      answer.reject(new Error('refused'))
      await expect(pending).rejects.toThrow('refused')
      expect(session.switching).toBe(false)
    }
    expect(terminal.callsOf('profiles.activate')).toEqual([{ id: 'p2' }])
    expect(terminal.callsOf('accounts.select')).toEqual([{ accountId: 3 }])
  })

  it('takes the new session and reads the profile list again after a profile switch', async () => {
    const session = useSessionStore()
    await session.load()
    terminal.handlers['profiles.activate'] = () => sessionState({ switchGeneration: 4, profileGeneration: 4, profile: profileView({ id: 'p2', name: 'Other' }) })
    terminal.handlers['profiles.list'] = () => [profileView(), profileView({ id: 'p2', name: 'Other', lastUsedAt: '2024-02-01T00:00:00Z' })]
    const next = await session.activate('p2')
    expect(next.switchGeneration).toBe(4)
    expect(session.profile?.name).toBe('Other')
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(session.profiles.map((p) => p.lastUsedAt)).toEqual([null, '2024-02-01T00:00:00Z'])
  })
})

describe('the profile list', () => {
  it('a profile created again under an id it has replaces its entry', async () => {
    const session = useSessionStore()
    await session.load()
    terminal.handlers['profiles.create'] = (input) => profileView({ id: 'p1', name: input.name })
    await session.createProfile({ name: 'Again', baseUrl: 'http://127.0.0.1:1/api/v3', apiKey: 'key-12345678', apiSecret: 'secret-123456' })
    expect(session.profiles.map((p) => [p.id, p.name])).toEqual([['p1', 'Again']])
  })

  it('an update of another profile changes its entry, not the active profile', async () => {
    const session = useSessionStore()
    terminal.handlers['profiles.list'] = () => [profileView(), profileView({ id: 'p2', name: 'Other' })]
    await session.load()
    terminal.handlers['profiles.update'] = (input) => profileView({ id: input.id, name: input.name ?? 'x' })
    await session.updateProfile({ id: 'p2', name: 'Renamed' })
    expect(session.profiles.map((p) => p.name)).toEqual(['Main', 'Renamed'])
    expect(session.profile?.name).toBe('Main')
  })

  it('an update with no profile active (none loaded yet, or the active one removed) changes only the list', async () => {
    const session = useSessionStore()
    terminal.handlers['profiles.update'] = (input) => profileView({ id: input.id, name: input.name ?? 'x' })
    await session.updateProfile({ id: 'p2', name: 'Before the session' })
    session.applyState(sessionState({ profile: null }))
    await session.updateProfile({ id: 'p2', name: 'No profile active' })
    expect(session.profile).toBeNull()
  })

  it('removes and tests the profile it is asked about', async () => {
    const session = useSessionStore()
    await session.load()
    terminal.handlers['profiles.remove'] = () => ({ removed: true })
    terminal.handlers['profiles.test'] = () => ({ ok: false, message: 'refused' }) as never
    await session.removeProfile('p1')
    expect(terminal.callsOf('profiles.remove')).toEqual([{ id: 'p1' }])
    expect(session.profiles).toEqual([])
    const input = { baseUrl: 'https://x.example/api/v3', apiKey: 'key-12345678', apiSecret: 'secret-123456' }
    expect(await session.testProfile(input)).toEqual({ ok: false, message: 'refused' })
    expect(terminal.callsOf('profiles.test')).toEqual([input])
  })
})

describe('listening', () => {
  it('stops on dispose, and a dispose before any load is harmless', async () => {
    const session = useSessionStore()
    expect(() => session.dispose()).not.toThrow()
    await session.load()
    session.dispose()
    terminal.emit('session.changed', sessionState({ switchGeneration: 9 }))
    expect(session.switchGeneration).toBe(1)
    expect(terminal.listenerCount('session.changed')).toBe(0)
  })
})
