// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { setTerminal } from '@/api'
import { TerminalError } from '@domain/errors'
import { BASE_URL_MESSAGES } from '@domain/origin'
import { fakeTerminal, profileView, sessionState, type FakeTerminal } from '@/stores/test/fake-terminal.test-util'
import { useSessionStore } from '@/stores/session/session'
import { $, submitFormOf, typeInto } from '../../lib/test/body-dom.test-util'
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

const type = typeInto
async function click(testId: string) {
  $(testId)!.click()
  await flushPromises()
}
const submit = () => submitFormOf('profile-save')

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
    expect($('profile-error-baseUrl')!.textContent).toBe(BASE_URL_MESSAGES.scheme)
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
    terminal.handlers['profiles.test'] = () => ({
      ok: true,
      accounts: [
        { id: 1, name: 'Master', email: 'm@x' },
        { id: 2, name: 'Sub A', email: 'a@x', parent_id: 1 },
      ],
      serverTimeSkewMs: 12,
    })
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
    terminal.handlers['profiles.activate'] = () => sessionState({ switchGeneration: 2, profile: profileView({ id: 'p2', name: 'Sub A' }), accountId: 2 })
    await click('profile-activate-p2')
    expect(terminal.callsOf('profiles.activate')).toEqual([{ id: 'p2' }])
    expect(useSessionStore().profile?.id).toBe('p2')
  })

  it('says why plain http to another computer or a user:pass@ address is refused', async () => {
    await click('profile-add')
    await type('profile-base-url', 'http://exchange.invalid/api/v3')
    await submit()
    expect($('profile-error-baseUrl')!.textContent).toBe(BASE_URL_MESSAGES.plainHttp)
    await type('profile-base-url', 'http://user:pass@127.0.0.1:1/api/v3')
    expect($('profile-error-baseUrl')!.textContent).toBe(BASE_URL_MESSAGES.userinfo)
    await type('profile-base-url', 'http://127.0.0.1:4100/api/v3')
    expect($('profile-error-baseUrl')).toBeNull()
    expect(terminal.callsOf('profiles.create')).toEqual([])
  })

  it('the secret field is no password-manager field: text masked by CSS, autocomplete off, no copying out', async () => {
    await click('profile-add')
    const secret = $('profile-api-secret') as HTMLInputElement
    expect(secret.type).toBe('text')
    expect(secret.getAttribute('autocomplete')).toBe('off')
    expect(secret.closest('.secret-field')).not.toBeNull()
    expect(document.querySelectorAll('input[type="password"]')).toHaveLength(0)
    const copy = new Event('copy', { cancelable: true })
    secret.dispatchEvent(copy)
    expect(copy.defaultPrevented).toBe(true)
  })

  it('asks for the key and secret again when an edit moves the profile to another exchange origin', async () => {
    await click('profile-edit-p1')
    expect($('profile-origin-changed')).toBeNull()
    // Another host: the stored key may not go there.
    await type('profile-base-url', 'https://other.example/api/v3')
    expect($('profile-origin-changed')!.textContent).toContain('https://exchange.example/api/v3')
    await submit()
    expect($('profile-error-apiKey')!.textContent).toContain('enter the API key and secret again')
    expect($('profile-error-apiSecret')!.textContent).toContain('enter the API key and secret again')
    expect(terminal.callsOf('profiles.update')).toEqual([])

    // Back to the same origin with another path (and a default port): no key needed, the errors clear.
    await type('profile-base-url', 'https://EXCHANGE.example:443/api/v4')
    expect($('profile-origin-changed')).toBeNull()
    expect($('profile-error-apiKey')).toBeNull()
    await submit()
    expect(terminal.callsOf('profiles.update')).toEqual([{ id: 'p1', baseUrl: 'https://EXCHANGE.example:443/api/v4' }])
  })

  it('sends a new origin together with the new key and secret, then forgets the secret', async () => {
    await click('profile-edit-p1')
    await type('profile-base-url', 'https://other.example/api/v3')
    await type('profile-api-key', 'key-87654321')
    await type('profile-api-secret', SECRET)
    await submit()
    expect(terminal.callsOf('profiles.update')).toEqual([{ id: 'p1', baseUrl: 'https://other.example/api/v3', apiKey: 'key-87654321', apiSecret: SECRET }])
    expect($('profile-form')).toBeNull()
    expect(document.body.innerHTML).not.toContain(SECRET)
    // The form's state holds no trace of it either: opened again, the field is empty.
    await click('profile-edit-p1')
    expect(($('profile-api-secret') as HTMLInputElement).value).toBe('')
    expect(($('profile-api-key') as HTMLInputElement).value).toBe('')
  })

  it("shows the core's refusal of an origin change on the base URL field", async () => {
    terminal.handlers['profiles.update'] = () => {
      throw new TerminalError({ kind: 'validation', code: 'ORIGIN_CHANGED_NEEDS_KEY', field: 'baseUrl', message: 'Enter the API key and secret again to use it.' })
    }
    await click('profile-edit-p1')
    await type('profile-name', 'Renamed')
    await submit()
    expect($('profile-error-baseUrl')!.textContent).toBe('Enter the API key and secret again to use it.')
  })

  it('lists the profiles again when opened, so one added from the CLI meanwhile shows', async () => {
    wrapper?.unmount()
    terminal.handlers['profiles.list'] = () => [profileView(), profileView({ id: 'p9', name: 'Added from a shell' })]
    wrapper = mount(ProfileManager, { props: { show: true }, attachTo: document.body })
    await flushPromises()
    expect($('profile-row-p9')!.textContent).toContain('Added from a shell')
  })
})
