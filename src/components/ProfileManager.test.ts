// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { setTerminal } from '@/api'
import { TerminalError } from '@domain/errors'
import { fakeTerminal, profileView, sessionState, type FakeTerminal } from '@/stores/fake-terminal.test-util'
import { useSessionStore } from '@/stores/session'
import ProfileManager from './ProfileManager.vue'

let terminal: FakeTerminal
let wrapper: VueWrapper | null = null

const SECRET = 'super-secret-value-123'

beforeEach(async () => {
  setActivePinia(createPinia())
  terminal = fakeTerminal({
    'session.get': () => sessionState(),
    'profiles.list': () => [profileView(), profileView({ id: 'p2', name: 'Sub A', apiKeyHint: 'wxyz', secretStorage: 'session' })],
    'app.info': () => ({ name: 'T', version: '1', host: 'web', platform: 'linux', dataDir: '/d', keychain: { available: true } }),
    'profiles.create': (input) => profileView({ id: 'p3', name: input.name, baseUrl: input.baseUrl, apiKeyHint: input.apiKey.slice(-4) }),
    'profiles.update': (input) => profileView({ id: input.id, name: input.name ?? 'Main' }),
  })
  setTerminal(terminal)
  await useSessionStore().load()
  wrapper = mount(ProfileManager, { props: { show: true }, attachTo: document.body })
  await flushPromises()
})

afterEach(() => {
  wrapper?.unmount()
  wrapper = null
  document.body.innerHTML = ''
})

const $ = (testId: string) => document.body.querySelector<HTMLElement>(`[data-testid="${testId}"]`)
async function type(testId: string, value: string) {
  const input = $(testId) as HTMLInputElement
  input.value = value
  input.dispatchEvent(new Event('input'))
  await flushPromises()
}
async function click(testId: string) {
  $(testId)!.click()
  await flushPromises()
}
async function submit() {
  $('profile-save')!.closest('form')!.dispatchEvent(new Event('submit', { cancelable: true }))
  await flushPromises()
}

describe('ProfileManager', () => {
  it('lists profiles with their key hint and where the secret is kept', () => {
    const row = $('profile-row-p2')!
    expect(row.textContent).toContain('Sub A')
    expect(row.textContent).toContain('••••wxyz')
    expect($('profile-storage-p2')!.textContent).toContain('session only')
    expect($('profile-storage-p1')!.textContent).toContain('keychain')
  })

  it('puts each schema error on its own field and sends nothing', async () => {
    await click('profile-add')
    await type('profile-name', '   ')
    await type('profile-base-url', 'ftp://files.example')
    await type('profile-api-key', 'short')
    await submit()
    expect($('profile-error-name')!.textContent).toBe('Give the profile a name')
    expect($('profile-error-baseUrl')!.textContent).toBe('Only http and https URLs')
    expect($('profile-error-apiKey')!.textContent).toBe('Too short')
    expect($('profile-error-apiSecret')!.textContent).toBe('Too short')
    expect(terminal.callsOf('profiles.create')).toEqual([])
    // Fixing a field clears its message at once.
    await type('profile-name', 'Main 2')
    expect($('profile-error-name')).toBeNull()
  })

  it('maps a server-side error onto the field it names', async () => {
    terminal.handlers['profiles.create'] = () => {
      throw new TerminalError({ kind: 'validation', code: 'INVALID', message: 'Invalid profile', issues: [{ field: 'baseUrl', code: 'UNREACHABLE', message: 'Nothing answers at this address' }] })
    }
    await click('profile-add')
    await type('profile-name', 'Main 2')
    await type('profile-base-url', 'http://127.0.0.1:9/api/v3')
    await type('profile-api-key', 'key-12345678')
    await type('profile-api-secret', SECRET)
    await submit()
    expect($('profile-error-baseUrl')!.textContent).toBe('Nothing answers at this address')
    expect($('profile-error-name')).toBeNull()
    // The secret is not kept in the page after the attempt.
    expect(($('profile-api-secret') as HTMLInputElement).value).toBe('')
  })

  it('creates a profile, and the secret is gone from the page afterwards', async () => {
    await click('profile-add')
    expect(($('profile-api-secret') as HTMLInputElement).type).toBe('password')
    await type('profile-name', 'Main 2')
    await type('profile-base-url', 'https://exchange.example/api/v3')
    await type('profile-api-key', 'key-12345678')
    await type('profile-api-secret', SECRET)
    await submit()
    expect(terminal.callsOf('profiles.create')).toEqual([{ name: 'Main 2', baseUrl: 'https://exchange.example/api/v3', apiKey: 'key-12345678', apiSecret: SECRET }])
    expect($('profile-form')).toBeNull()
    expect($('profile-row-p3')!.textContent).toContain('••••5678')
    expect(document.body.innerHTML).not.toContain(SECRET)
  })

  it('edits with key and secret empty meaning unchanged', async () => {
    await click('profile-edit-p1')
    expect(($('profile-name') as HTMLInputElement).value).toBe('Main')
    expect(($('profile-api-key') as HTMLInputElement).value).toBe('')
    expect(($('profile-api-secret') as HTMLInputElement).value).toBe('')
    await type('profile-name', 'Renamed')
    await submit()
    expect(terminal.callsOf('profiles.update')).toEqual([{ id: 'p1', name: 'Renamed' }])
  })

  it('tests the connection of the form values and shows the accounts found, or the error', async () => {
    terminal.handlers['profiles.test'] = () => ({ ok: true, accounts: [{ id: 1, name: 'Master', email: 'm@x' }, { id: 2, name: 'Sub A', email: 'a@x', parent_id: 1 }], serverTimeSkewMs: 12 })
    await click('profile-add')
    await type('profile-base-url', 'https://exchange.example/api/v3')
    await type('profile-api-key', 'key-12345678')
    await type('profile-api-secret', SECRET)
    await click('profile-test')
    expect(terminal.callsOf('profiles.test')).toEqual([{ baseUrl: 'https://exchange.example/api/v3', apiKey: 'key-12345678', apiSecret: SECRET }])
    expect($('profile-test-result')!.textContent).toContain('2 accounts found: Master (#1), Sub A (#2)')

    terminal.handlers['profiles.test'] = () => ({ ok: false, accounts: [], serverTimeSkewMs: null, error: { kind: 'auth', code: 'UNAUTHORIZED', message: 'The key was refused' } })
    await click('profile-test-p2')
    expect(terminal.callsOf('profiles.test')[1]).toEqual({ id: 'p2' })
    expect(document.body.textContent).toContain('The key was refused (UNAUTHORIZED)')
  })

  it('activates a profile', async () => {
    terminal.handlers['profiles.activate'] = () => sessionState({ generation: 2, profile: profileView({ id: 'p2', name: 'Sub A' }), accountId: 2 })
    await click('profile-activate-p2')
    expect(terminal.callsOf('profiles.activate')).toEqual([{ id: 'p2' }])
    expect(useSessionStore().profile?.id).toBe('p2')
  })
})
