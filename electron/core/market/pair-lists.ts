// The active exchange's pair list and currencies, read together and shared. A window's start asks
// for both at once (market.pairs and market.currencies, beside its chart), the alerts read the pairs
// too, and the core reads them ahead as it starts (warm()): one read serves every caller that comes
// while it is on its way, and its answer serves those that come within LISTS_FRESH_MS, of the same
// profile session only. Before, a start read the currencies twice, and the window's lists waited
// behind the book and every pair's ticker at the exchange. A list is reference data (pairs and their
// precision, currencies): a few seconds old it is still what the exchange lists; prices are apart.
import type { Currency, Pair } from '../../domain/wire/wire'

export interface PairLists {
  pairs: Pair[]
  currencies: Currency[]
}

/** How long an answer is shared after it came. */
export const LISTS_FRESH_MS = 10_000

export interface SharedLists {
  /** The lists of profile session `generation`: shared if asked meanwhile or lately, else read anew by `fetch`. */
  read(generation: number, fetch: () => Promise<PairLists>): Promise<PairLists>
  forget(): void
}

/** One read: its profile session, when it was answered (null: on its way), and its answer. */
interface Held {
  generation: number
  answeredAt: number | null
  lists: Promise<PairLists>
}

export function sharedLists(now: () => number, freshMs = LISTS_FRESH_MS): SharedLists {
  let held: Held | null = null
  return {
    read(generation, fetch) {
      const h = held
      if (h && h.generation === generation && (h.answeredAt === null || now() - h.answeredAt < freshMs)) return h.lists
      const entry: Held = { generation, answeredAt: null, lists: fetch() }
      held = entry
      entry.lists.then(
        () => {
          entry.answeredAt = now()
        },
        // A failed read is nobody's answer: the next caller asks again.
        () => {
          if (held === entry) held = null
        },
      )
      return entry.lists
    },
    forget() {
      held = null
    },
  }
}
