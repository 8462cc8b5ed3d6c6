// The active profile's alerts, as the core keeps them: the armed ones and their history. The core
// evaluates them (they fire with the window hidden); this store lists them, creates and cancels
// them, and hands each fired alert to the window exactly once. A read and the core's events travel
// apart, so what was told during a read stands over it, and a call's answer never undoes a fire.
import { defineStore } from 'pinia'
import { computed, ref, watch } from 'vue'
import type { Alert, Disposer } from '@domain/api/api'
import type { AlertDraft, AlertKind } from '@domain/alerts/alerts'
import { alertPriceWarnings, checkAlertPrice, type AlertPriceCheck } from '@domain/alerts/alert-price'
import { parseDecimal } from '@domain/decimal'
import { useTerminal } from '@/api'
import { usePairsStore } from '../market/pairs'
import { useSessionStore } from '../session/session'
import { useAnnouncerStore } from '../announcer'
import { filledOrderWords } from '@domain/alerts/alert-words'

export interface AlertDialogState {
  pair: string
  /** A 'line' alert is set from its drawing (the Drawings list), not from this dialog. */
  kind: Exclude<AlertKind, 'line'>
  price: string
  /** For 'order-filled': the order, or null for the next order of the pair that fills. */
  orderId: number | null
  sound: boolean
  /** The pair's last price when the dialog opened, or null when none was known: what warnings measure from. */
  last: string | null
}

export const useAlertsStore = defineStore('alerts', () => {
  const session = useSessionStore()
  const announcer = useAnnouncerStore()
  const alerts = ref<Alert[]>([])
  const error = ref<string | null>(null)
  /** Fired alerts not yet shown; the host shows and drops them. */
  const firedQueue = ref<Alert[]>([])
  /** The create dialog's fields; kept after closing so the dialog fades out whole. */
  const dialog = ref<AlertDialogState | null>(null)
  const dialogOpen = ref(false)
  const saving = ref(false)
  const dialogError = ref<string | null>(null)
  // An empty price is only called an error once the trader tries to save: not while the dialog opens.
  const triedSave = ref(false)
  const pairList = usePairsStore()
  // Ids already handed out: an alert is shown once, even if its event and a list reload overlap.
  const announced = new Set<string>()

  /**
   * What the core told while each read was on its way: the read may have been taken before it. A
   * whole list (alerts.changed) stands over the read; fired alerts are put back over it (fired is final).
   */
  const reads = new Set<{ list: boolean; fired: Alert[] }>()

  async function load(): Promise<void> {
    const profileId = session.profile?.id
    if (profileId === undefined) {
      alerts.value = []
      return
    }
    const told = { list: false, fired: [] as Alert[] }
    reads.add(told)
    try {
      const read = await useTerminal().call('alerts.list', undefined)
      if (profileId !== session.profile?.id) return
      if (!told.list) {
        alerts.value = read
        for (const alert of told.fired) keep(alert)
      }
      error.value = null
    } catch (failure) {
      error.value = failure instanceof Error ? failure.message : String(failure)
    } finally {
      reads.delete(told)
    }
  }
  /** Fired alerts told: each read on its way puts them back over what it read. */
  function toldFired(fired: readonly Alert[]): void {
    for (const told of reads) told.fired.push(...fired)
  }

  /**
   * Opens the dialog for `pair` at `price`: under the last price an alert is 'below', over it
   * 'above', and at it 'cross' (the "+ Alert" button starts from the last price itself: 'above' there
   * would fire at the next tick, and the dialog would open on its own warning).
   */
  function openDialog(pair: string, price: string, last: string | null): void {
    const [at, now] = [parseDecimal(price), last === null ? null : parseDecimal(last)]
    const kind = at === null || now === null ? 'above' : at.lt(now) ? 'below' : at.eq(now) ? 'cross' : 'above'
    show({ pair, kind, price, orderId: null, sound: true, last })
  }

  /** Opens the dialog for an alert when `orderId` (or, with null, any order of `pair`) fills. */
  function openOrderDialog(pair: string, orderId: number | null): void {
    show({ pair, kind: 'order-filled', price: '', orderId, sound: true, last: null })
  }

  function show(state: AlertDialogState): void {
    dialog.value = state
    dialogError.value = null
    triedSave.value = false
    dialogOpen.value = true
  }

  /**
   * The typed price read against the pair (the market's record of it, which holds for any pair the
   * list shows, not only the one on the chart). Null for "order filled", which has no price.
   */
  const priceCheck = computed((): AlertPriceCheck | null => {
    const d = dialog.value
    if (!d || d.kind === 'order-filled') return null
    return checkAlertPrice(d.price, pairList.pairs.find((p) => p.name === d.pair) ?? null)
  })
  /** Why the price cannot be saved, shown under the field as the trader types. */
  const priceError = computed(() => {
    const check = priceCheck.value
    if (!check || check.ok || (dialog.value?.price.trim() === '' && !triedSave.value)) return null
    return check.problem
  })
  /** What to look at twice before saving; the save stays possible. */
  const priceWarnings = computed(() => {
    const d = dialog.value
    const check = priceCheck.value
    if (!d || d.kind === 'order-filled' || !check?.ok) return []
    return alertPriceWarnings(d.kind, check.price, d.last)
  })

  /** What the dialog's fields come to, or null when the price is refused (priceError says why). */
  function draftOf(d: AlertDialogState): AlertDraft | null {
    if (d.kind === 'order-filled') return { kind: d.kind, pair: d.pair, sound: d.sound, ...(d.orderId === null ? {} : { orderId: d.orderId }) }
    const check = priceCheck.value
    // Sent as the canonical decimal: "1." or ".5" as typed, "1" or "0.5" as the core reads them.
    return check?.ok ? { kind: d.kind, pair: d.pair, price: check.price.toFixed(), sound: d.sound } : null
  }

  /**
   * An alert as a call or a fired event told it, in the list: in its place when the core's list
   * (alerts.changed), which may arrive first, holds it already; at the end otherwise. A call's answer
   * never takes back what is final (a create answered after its alert fired stays fired).
   */
  function keep(alert: Alert, from: 'answer' | 'event' = 'event'): void {
    const known = alerts.value.find((a) => a.id === alert.id)
    if (known === undefined) alerts.value = [...alerts.value, alert]
    else if (from === 'event' || known.status === 'active') alerts.value = alerts.value.map((a) => (a.id === alert.id ? alert : a))
  }
  const answered = (alert: Alert) => keep(alert, 'answer')

  /** Arms an alert on a drawn line (the core checks the drawing is the profile's and a line). */
  async function createOnLine(pair: string, drawingId: string): Promise<Alert> {
    const created = await useTerminal().call('alerts.create', { kind: 'line', pair, drawingId, sound: true })
    answered(created)
    return created
  }

  function closeDialog(): void {
    dialogOpen.value = false
  }

  async function save(): Promise<boolean> {
    const d = dialog.value
    if (!d || !dialogOpen.value || saving.value) return false
    triedSave.value = true
    const draft = draftOf(d)
    if (draft === null) {
      dialogError.value = null // the price's own line says why; an older refusal no longer applies
      return false
    }
    saving.value = true
    try {
      answered(await useTerminal().call('alerts.create', draft))
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
      answered(await useTerminal().call('alerts.cancel', { id }))
    } catch (failure) {
      error.value = failure instanceof Error ? failure.message : String(failure)
    }
  }

  function onFired(fired: readonly Alert[]): void {
    toldFired(fired)
    for (const alert of fired) {
      keep(alert)
      if (announced.has(alert.id)) continue
      announced.add(alert.id)
      firedQueue.value = [...firedQueue.value, alert]
      announcer.announce(
        `alert:${alert.id}`,
        `Alert fired: ${alert.pair.replace('_', '/')} ${alert.kind === 'order-filled' ? `${filledOrderWords(alert)} filled` : `${alert.kind} ${alert.price ?? ''}`}`.trim(),
      )
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

  let disposers: Disposer[] | null = null
  /**
   * Follows the core's alerts. The main window shows and sounds each fired one; a pop-out ('mirror')
   * only keeps its list true (its chart's drawings say which lines are armed) with the fired alerts.
   */
  function listen(mode: 'main' | 'mirror' = 'main'): void {
    disposers ??= [
      useTerminal().on('alerts.fired', (event) => {
        if (event.session.profileId !== session.profile?.id) return
        if (mode === 'main') onFired(event.alerts)
        else {
          toldFired(event.alerts)
          for (const alert of event.alerts) keep(alert)
        }
      }),
      // set or cancelled here or elsewhere (a popped-out chart, a drawing deleted): the core's list
      useTerminal().on('alerts.changed', (event) => {
        if (event.profileId !== session.profile?.id) return
        for (const told of reads) told.list = true
        alerts.value = event.alerts
      }),
    ]
  }
  function dispose(): void {
    for (const d of disposers ?? []) d()
    disposers = null
  }

  return {
    alerts,
    error,
    dialog,
    dialogOpen,
    dialogError,
    priceError,
    priceWarnings,
    saving,
    firedQueue,
    load,
    openDialog,
    openOrderDialog,
    createOnLine,
    closeDialog,
    save,
    cancel,
    onFired,
    takeFired,
    listen,
    dispose,
  }
})
