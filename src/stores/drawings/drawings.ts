// The chart's drawings: the active profile's drawings on the chart's pair, as the core keeps them
// (drawings.* of the contract). A change shows at once and goes to the core; a refusal puts back
// what was there and says why, so nothing is lost and nothing shown is untrue for long. Undo and redo
// (drawing-history.ts) send the core the drawing as it was. A switch of pair or profile reads the new
// one's drawings and starts a fresh history; an answer for a pair the chart has left is dropped, and
// so is a read a change of this chart's went out during (it would take the change away): the list
// is read again once the chart's changes on their way are answered.
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import type { LineAlertDraft } from '@domain/alerts/alerts'
import type { Drawing } from '@domain/drawings/drawings'
import type { DrawingKind } from '@domain/drawings/drawing-words'
import { useTerminal } from '@/api'
import { useMarketStore } from '../market/market'
import { useSessionStore } from '../session/session'
import { useAnnouncerStore } from '../announcer'
import { DrawingHistory, type DrawingChange, type DrawingStep } from './drawing-history'
import { keepUnchangedRows } from '@/lib/same-rows'

const message = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure))
const alertsWord = (n: number) => `${n} alert${n === 1 ? '' : 's'}`

/** The colours offered beside the free choice: readable on both themes. */
export const DRAWING_COLORS = ['#3b82f6', '#f59e0b', '#22c55e', '#ef4444', '#a855f7', '#e5e7eb'] as const

/** A new drawing's id: random, of the letters the core's schema takes. */
export function newDrawingId(): string {
  const bytes = new Uint8Array(9)
  globalThis.crypto.getRandomValues(bytes)
  return `d${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`
}

/**
 * A chart's drawings store: `id` names it (one per chart pane), `pairOf` says which pair the chart
 * shows. The window's main chart has `useDrawingsStore`; an extra pane has its own (drawingsStoreFor).
 */
function defineDrawingsStore(id: string, pairOf: () => string) {
  return defineStore(id, () => {
    const session = useSessionStore()
    const market = {
      get pair() {
        return pairOf()
      },
    }
    const announcer = useAnnouncerStore()
    const drawings = shallowRef<Drawing[]>([])
    /** The pair `drawings` belong to. */
    const pair = ref('')
    const loaded = ref(false)
    /** The tool in hand (the next clicks on the chart draw it), or null: pointing selects and drags. */
    const tool = ref<DrawingKind | null>(null)
    const selectedId = ref<string | null>(null)
    const magnet = ref(false)
    const color = ref<string>(DRAWING_COLORS[0])
    const listOpen = ref(false)
    /** Why the last change was refused (what was there is back), or why the list could not be read. */
    const error = ref<string | null>(null)
    /** The core set a damaged drawings file aside. */
    const warning = ref<string | null>(null)
    const history = new DrawingHistory()
    /** Bumped when the history changes: canUndo and canRedo read it. */
    const historyTick = ref(0)
    const canUndo = computed(() => {
      void historyTick.value
      return history.canUndo
    })
    const canRedo = computed(() => {
      void historyTick.value
      return history.canRedo
    })
    const selected = computed(() => drawings.value.find((d) => d.id === selectedId.value) ?? null)
    // One step at a time, in order: a delete never overtakes the save before it on its way to the core.
    let queue: Promise<unknown> = Promise.resolve()
    /** Steps sent and not yet answered: while any is, the core's list is older than what is shown. */
    let pending = 0
    /** Steps sent so far: a read that a step went out during is older than what is shown. */
    let stepsSent = 0
    /** A read is due once the steps on their way are answered (one was dropped, or an event came meanwhile). */
    let readDue = false
    let asked = 0

    async function load(): Promise<void> {
      const wanted = market.pair
      const ticket = ++asked
      if (!session.profile || !wanted) {
        drawings.value = []
        pair.value = wanted
        return
      }
      const sentBefore = stepsSent
      try {
        const answer = await useTerminal().call('drawings.list', { pair: wanted })
        if (ticket !== asked || answer.pair !== market.pair) return
        // A change made here since the read went out is not in it: read again once the core has them all.
        if (stepsSent !== sentBefore || pending > 0) return readWhenSent()
        drawings.value = keepUnchangedRows(drawings.value, answer.drawings, (d) => d.id)
        pair.value = answer.pair
        warning.value = answer.warning
        loaded.value = true
        error.value = null
      } catch (failure) {
        if (ticket === asked) error.value = `The drawings could not be read: ${message(failure)}`
      }
    }

    watch(
      [() => session.profile?.id, () => market.pair],
      () => {
        drawings.value = []
        selectedId.value = null
        tool.value = null
        history.clear()
        historyTick.value++
        void load()
      },
      { immediate: true },
    )

    function put(drawing: Drawing): void {
      const at = drawings.value.findIndex((d) => d.id === drawing.id)
      drawings.value = at === -1 ? [...drawings.value, drawing] : drawings.value.map((d, i) => (i === at ? drawing : d))
    }
    function drop(id: string): void {
      drawings.value = drawings.value.filter((d) => d.id !== id)
      if (selectedId.value === id) selectedId.value = null
    }
    /** Shows a change at once (a drag follows the pointer without a round trip). */
    function show(before: Drawing | null, after: Drawing | null): void {
      if (after) put(after)
      else if (before) drop(before.id)
    }

    function readWhenSent(): void {
      if (pending > 0) readDue = true
      else void load()
    }

    // Another chart on this pair (a pane, a window of its own) or an undo changed the drawings: read
    // again, once this chart's own changes on their way are answered (a read before would miss them).
    useTerminal().on('drawings.changed', (event) => {
      if (event.profileId === session.profile?.id && event.pair === pair.value) readWhenSent()
    })

    /**
     * The alerts a delete cancelled, asked for again once its undo has brought the drawing back. A
     * refusal leaves the drawing back: the answer is what did not come back, in words (null: all did).
     */
    async function restoreAlerts(id: string, alerts: readonly LineAlertDraft[]): Promise<string | null> {
      let restored = 0
      try {
        for (const draft of alerts) {
          await useTerminal().call('alerts.create', draft)
          restored++
        }
        return null
      } catch (failure) {
        return `The drawing is back, but ${alertsWord(alerts.length - restored)} on it could not be set again: ${message(failure)}`
      } finally {
        if (restored > 0) announcer.announce(`drawing-alerts:${id}`, `${alertsWord(restored)} on it active again`)
      }
    }

    /** Sends one step to the core; on a refusal puts back `undo` and says why. False when refused. */
    function send(step: DrawingStep, undo: DrawingChange): Promise<boolean> {
      const forPair = pair.value
      pending++
      stepsSent++
      const sent = queue.then(async () => {
        try {
          // What is still wrong once the step is done: an alert of an undone delete that did not come back.
          let problem: string | null = null
          if ('save' in step) {
            await useTerminal().call('drawings.save', step.save)
            problem = await restoreAlerts(step.save.id, step.alerts ?? [])
          } else {
            const { cancelledAlerts, cancelled } = await useTerminal().call('drawings.delete', { id: step.delete })
            if (step.change) step.change.alerts = cancelled
            if (cancelledAlerts > 0) announcer.announce(`drawing-alerts:${step.delete}`, `${alertsWord(cancelledAlerts)} on it cancelled`)
          }
          error.value = problem
          return true
        } catch (failure) {
          if (pair.value === forPair) show(undo.after, undo.before)
          error.value = message(failure)
          return false
        } finally {
          pending--
          if (pending === 0 && readDue) {
            readDue = false
            void load()
          }
        }
      })
      queue = sent
      return sent
    }

    /**
     * A change made here (drawn, moved, edited, deleted): shown and put in the history at once (an undo
     * pressed right after it undoes it), then sent; a refusal takes it back out.
     */
    async function change(before: Drawing | null, after: Drawing | null): Promise<boolean> {
      const entry: DrawingChange = { before, after }
      const step: DrawingStep | null = after ? { save: after } : before ? { delete: before.id, change: entry } : null
      if (!step) return false
      show(before, after)
      history.record(entry)
      historyTick.value++
      if (await send(step, entry)) return true
      history.forget(entry)
      historyTick.value++
      return false
    }

    const byId = (id: string) => drawings.value.find((d) => d.id === id) ?? null

    async function add(drawing: Drawing): Promise<boolean> {
      const ok = await change(null, drawing)
      if (ok) selectedId.value = drawing.id
      return ok
    }
    const update = (drawing: Drawing) => change(byId(drawing.id), drawing)
    async function remove(id: string): Promise<boolean> {
      const before = byId(id)
      return before ? change(before, null) : false
    }
    /** A copy under a new id (Alt-drag, or the list's Clone), selected. */
    const clone = (drawing: Drawing) => add({ ...structuredClone(drawing), id: newDrawingId() })

    async function replay(kind: 'undo' | 'redo'): Promise<void> {
      const step = kind === 'undo' ? history.undo() : history.redo()
      if (!step) return
      historyTick.value++
      const target = 'save' in step ? step.save : null
      const current = 'save' in step ? byId(step.save.id) : byId(step.delete)
      show(current, target)
      if (!(await send(step, { before: current, after: target }))) {
        history.restore(kind)
        historyTick.value++
      }
    }

    function pick(kind: DrawingKind | null): void {
      tool.value = tool.value === kind ? null : kind
    }

    return {
      drawings,
      pair,
      loaded,
      tool,
      selectedId,
      selected,
      magnet,
      color,
      listOpen,
      error,
      warning,
      canUndo,
      canRedo,
      load,
      add,
      update,
      remove,
      clone,
      undo: () => replay('undo'),
      redo: () => replay('redo'),
      pick,
      show,
      change,
    }
  })
}

/** The window's main chart's drawings (pane 0), on the main market's pair. */
export const useDrawingsStore = defineDrawingsStore('drawings', () => useMarketStore().pair)

const paneStores = new Map<number, ReturnType<typeof defineDrawingsStore>>()
/** An extra chart pane's drawings store, on the pair `pairOf` names (the pane's). */
export function drawingsStoreFor(pane: number, pairOf: () => string): ReturnType<typeof defineDrawingsStore> {
  let define = paneStores.get(pane)
  if (!define) {
    define = defineDrawingsStore(`drawings-pane-${pane}`, pairOf)
    paneStores.set(pane, define)
  }
  return define
}
export type DrawingsStore = ReturnType<typeof useDrawingsStore>
