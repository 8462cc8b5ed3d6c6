// The active profile's alerts, as the core keeps them: the armed ones and their history. The core
// evaluates them (they fire with the window hidden); this store lists them, creates and cancels
// them, and hands each fired alert to the window exactly once.
import { defineStore } from 'pinia'
import { ref, watch } from 'vue'
import type { Alert, Disposer } from '@domain/api'
import type { AlertDraft, AlertKind } from '@domain/alerts'
import { useTerminal } from '@/api'
import { useSessionStore } from './session'

export interface AlertDialogState {
  pair: string
  kind: AlertKind
  price: string
  /** For 'order-filled': the order, or null for the next order of the pair that fills. */
  orderId: number | null
  sound: boolean
}

export const useAlertsStore = defineStore('alerts', () => {
  const session = useSessionStore()
  const alerts = ref<Alert[]>([])
  const error = ref<string | null>(null)
  /** Fired alerts not yet shown; the host shows and drops them. */
  const firedQueue = ref<Alert[]>([])
  /** The create dialog's fields; kept after closing so the dialog fades out whole. */
  const dialog = ref<AlertDialogState | null>(null)
  const dialogOpen = ref(false)
  const saving = ref(false)
  const dialogError = ref<string | null>(null)
  // Ids already handed out: an alert is shown once, even if its event and a list reload overlap.
  const announced = new Set<string>()

  async function load(): Promise<void> {
    if (!session.profile) {
      alerts.value = []
      return
    }
    try {
      alerts.value = await useTerminal().call('alerts.list', undefined)
      error.value = null
    } catch (failure) {
      error.value = failure instanceof Error ? failure.message : String(failure)
    }
  }

  /** Opens the dialog for `pair` at `price`: above the last price an alert is 'above', else 'below'. */
  function openDialog(pair: string, price: string, last: string | null): void {
    const kind = last !== null && Number(price) < Number(last) ? 'below' : 'above'
    show({ pair, kind, price, orderId: null, sound: true })
  }

  /** Opens the dialog for an alert when `orderId` (or, with null, any order of `pair`) fills. */
  function openOrderDialog(pair: string, orderId: number | null): void {
    show({ pair, kind: 'order-filled', price: '', orderId, sound: true })
  }

  function show(state: AlertDialogState): void {
    dialog.value = state
    dialogError.value = null
    dialogOpen.value = true
  }

  /** What the dialog's fields come to, or why they are not an alert yet. */
  function draftOf(d: AlertDialogState): AlertDraft | string {
    if (d.kind === 'order-filled') return { kind: d.kind, pair: d.pair, sound: d.sound, ...(d.orderId === null ? {} : { orderId: d.orderId }) }
    const price = d.price.trim()
    if (!/^\d+(\.\d+)?$/.test(price) || Number(price) <= 0) return 'Enter a price above zero, like 43000.5.'
    return { kind: d.kind, pair: d.pair, price, sound: d.sound }
  }

  function closeDialog(): void {
    dialogOpen.value = false
  }

  async function save(): Promise<boolean> {
    const d = dialog.value
    if (!d || !dialogOpen.value || saving.value) return false
    const draft = draftOf(d)
    if (typeof draft === 'string') {
      dialogError.value = draft
      return false
    }
    saving.value = true
    try {
      const created = await useTerminal().call('alerts.create', draft)
      alerts.value = [...alerts.value, created]
      dialogOpen.value = false
      return true
    } catch (failure) {
      dialogError.value = failure instanceof Error ? failure.message : String(failure)
      return false
    } finally {
      saving.value = false
    }
  }

  async function cancel(id: string): Promise<void> {
    try {
      const updated = await useTerminal().call('alerts.cancel', { id })
      alerts.value = alerts.value.map((a) => (a.id === id ? updated : a))
    } catch (failure) {
      error.value = failure instanceof Error ? failure.message : String(failure)
    }
  }

  function onFired(fired: readonly Alert[]): void {
    for (const alert of fired) {
      alerts.value = alerts.value.some((a) => a.id === alert.id) ? alerts.value.map((a) => (a.id === alert.id ? alert : a)) : [...alerts.value, alert]
      if (announced.has(alert.id)) continue
      announced.add(alert.id)
      firedQueue.value = [...firedQueue.value, alert]
    }
  }

  function takeFired(): Alert[] {
    const out = firedQueue.value
    // Emptied only when it held something: a fresh [] each time would wake its watcher forever.
    if (out.length > 0) firedQueue.value = []
    return out
  }

  // A profile switch shows that profile's alerts, never the previous one's.
  watch(
    () => session.profile?.id,
    (now, before) => {
      if (now === before) return
      alerts.value = []
      void load()
    },
  )

  let disposer: Disposer | null = null
  function listen(): void {
    disposer ??= useTerminal().on('alerts.fired', (event) => {
      if (event.session.profileId !== session.profile?.id) return
      onFired(event.alerts)
    })
  }
  function dispose(): void {
    disposer?.()
    disposer = null
  }

  return { alerts, error, dialog, dialogOpen, dialogError, saving, firedQueue, load, openDialog, openOrderDialog, closeDialog, save, cancel, onFired, takeFired, listen, dispose }
})
