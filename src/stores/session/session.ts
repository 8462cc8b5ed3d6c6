// The active profile, its account tree and the connection, as the core reports them.
//
// The core owns the session; this store mirrors it. `switchGeneration` increases on every profile or
// account switch, and every other store compares against it to throw away answers that belong to
// a profile or account the user has already left.
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { AppInfo, ConnectionTestResult, Disposer, MethodInput, ProfileInput, ProfileView, SessionState } from '@domain/api/api'
import { useTerminal } from '@/api'
import { sessionNotice } from '@/stores/session/session-notice'

export type ProfileUpdate = MethodInput<'profiles.update'>
export type ProfileTest = MethodInput<'profiles.test'>

export const useSessionStore = defineStore('session', () => {
  const state = shallowRef<SessionState | null>(null)
  const profiles = ref<ProfileView[]>([])
  const appInfo = shallowRef<AppInfo | null>(null)
  /** True while a profile or account switch is in flight (the switcher shows a spinner). */
  const switching = ref(false)
  /** Why loading the session failed, for the header; null when it did not. */
  const loadError = ref<string | null>(null)

  /** Not known yet: the session has not been read (the core may still be starting), and no error says why. */
  const starting = computed(() => state.value === null && loadError.value === null)
  /** The header's word for the profile when none is shown: not known yet, not readable, or none. */
  const noProfileWord = computed(() => (starting.value ? 'Starting…' : loadError.value !== null ? 'Session unknown' : 'No profile'))
  const switchGeneration = computed(() => state.value?.switchGeneration ?? 0)
  /** Changes on a profile switch only; the market belongs to it (an account switch keeps it). */
  const profileGeneration = computed(() => state.value?.profileGeneration ?? 0)
  /** What the banner under the header says about the session (session-notice.ts). */
  const notice = computed(() => sessionNotice(state.value))
  const canTrade = computed(() => state.value?.canTrade ?? false)
  const accountId = computed(() => state.value?.accountId ?? null)
  const profile = computed(() => state.value?.profile ?? null)
  const keychain = computed(() => state.value?.keychain ?? appInfo.value?.keychain ?? null)
  /** The selected account's node, with its view-only reason if any. */
  const account = computed(() => state.value?.accounts.find((a) => a.id === state.value?.accountId) ?? null)

  /**
   * Takes a state from an event or an answer. An older generation is dropped: an answer to a switch
   * that a later switch overtook must not bring the earlier profile back.
   */
  function applyState(next: SessionState): void {
    if (state.value && next.switchGeneration < state.value.switchGeneration) return
    state.value = next
  }

  let disposer: Disposer | null = null

  /**
   * Loads the session, the profile list and the app's info. `onState` runs as soon as the session is
   * in, before the other two: the start asks for the chart then (startup.ts), and the profile list can
   * take a keychain lookup longer.
   */
  async function load(onState?: () => void): Promise<void> {
    const terminal = useTerminal()
    disposer ??= terminal.on('session.changed', applyState)
    loadError.value = null
    try {
      const lists = Promise.all([terminal.call('profiles.list', undefined), terminal.call('app.info', undefined)])
      lists.catch(() => undefined) // awaited below; a failure of the session comes first
      applyState(await terminal.call('session.get', undefined))
      onState?.()
      const [list, info] = await lists
      profiles.value = list
      appInfo.value = info
    } catch (error) {
      loadError.value = error instanceof Error ? error.message : String(error)
      throw error
    }
  }

  async function refreshProfiles(): Promise<void> {
    profiles.value = await useTerminal().call('profiles.list', undefined)
  }

  async function activate(id: string): Promise<SessionState> {
    switching.value = true
    try {
      const next = await useTerminal().call('profiles.activate', { id })
      applyState(next)
      // lastUsedAt and the learned accountId changed; the list is short.
      void refreshProfiles().catch(() => undefined)
      return next
    } finally {
      switching.value = false
    }
  }

  async function selectAccount(id: number): Promise<SessionState> {
    switching.value = true
    try {
      const next = await useTerminal().call('accounts.select', { accountId: id })
      applyState(next)
      return next
    } finally {
      switching.value = false
    }
  }

  async function createProfile(input: ProfileInput): Promise<ProfileView> {
    const created = await useTerminal().call('profiles.create', input)
    profiles.value = [...profiles.value.filter((p) => p.id !== created.id), created]
    return created
  }

  async function updateProfile(input: ProfileUpdate): Promise<ProfileView> {
    const updated = await useTerminal().call('profiles.update', input)
    profiles.value = profiles.value.map((p) => (p.id === updated.id ? updated : p))
    if (state.value?.profile?.id === updated.id) state.value = { ...state.value, profile: updated }
    return updated
  }

  async function removeProfile(id: string): Promise<void> {
    await useTerminal().call('profiles.remove', { id })
    profiles.value = profiles.value.filter((p) => p.id !== id)
  }

  function testProfile(input: ProfileTest): Promise<ConnectionTestResult> {
    return useTerminal().call('profiles.test', input)
  }

  /** Stops listening (tests, hot reload). */
  function dispose(): void {
    disposer?.()
    disposer = null
  }

  return {
    state,
    profiles,
    appInfo,
    switching,
    loadError,
    starting,
    noProfileWord,
    switchGeneration,
    profileGeneration,
    notice,
    canTrade,
    accountId,
    profile,
    account,
    keychain,
    applyState,
    load,
    refreshProfiles,
    activate,
    selectAccount,
    createProfile,
    updateProfile,
    removeProfile,
    testProfile,
    dispose,
  }
})
