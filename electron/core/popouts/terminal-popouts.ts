// The popouts.* handlers: the list of panels in windows of their own, kept by the core so every
// window (the main one, each pop-out, the Electron main process that opens them) sees one list, and
// it survives a restart. Every change is told to every window as `popouts.changed`.
import type { Popout } from '../../domain/popouts/popouts'
import type { EventHub } from '../events'
import type { HandlersOf } from '../handlers'
import type { Logger } from '../storage/logger'
import { createPopoutStore, type PopoutStore } from './popout-store'

export type PopoutMethod = 'popouts.list' | 'popouts.open' | 'popouts.close' | 'popouts.place' | 'popouts.fill'

export interface PopoutsDeps {
  dataDir: string
  hub: EventHub
  logger?: Logger | undefined
  store?: PopoutStore
}

export function createPopoutHandlers(deps: PopoutsDeps): HandlersOf<PopoutMethod> {
  const store = deps.store ?? createPopoutStore(deps.dataDir)
  let reported = false
  const changed = async (list: Promise<Popout[]>): Promise<{ popouts: Popout[] }> => {
    const popouts = await list
    deps.hub.emit('popouts.changed', { popouts })
    return { popouts }
  }

  return {
    async 'popouts.list'() {
      const popouts = await store.list()
      const warning = await store.loadWarning()
      if (warning && !reported) {
        reported = true
        deps.logger?.warn('pop-outs file', { warning })
      }
      return { popouts, warning }
    },
    'popouts.open': (input) => changed(store.open(input)),
    'popouts.close': (place) => changed(store.close(place)),
    'popouts.place': ({ panel, pane, bounds }) => changed(store.place({ panel, pane }, bounds)),
    // Told on to every window; the main window's order form fills its fields with it, and sends nothing.
    async 'popouts.fill'({ pair, price, amount }) {
      deps.hub.emit('popouts.fill', { pair, price, ...(amount !== undefined ? { amount } : {}) })
      return { told: true }
    },
  }
}
