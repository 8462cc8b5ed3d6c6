// client_order_id: a fresh random one, or the one the trader chose. No time in it, so two terminals
// never collide by clock, and tests can pass a seeded source.
import type { OrderDraft } from './orders'

const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz'
const ID_RANDOM_CHARS = 16

/**
 * A fresh client_order_id: "tt-" and 16 base-36 characters (about 82 bits) from `random`, which
 * behaves like Math.random (a number in [0, 1)). No time in it, so two terminals never collide by
 * clock, and tests can pass a seeded source. 19 characters: within any exchange's limit we know of.
 */
export function newClientOrderId(random: () => number): string {
  let id = 'tt-'
  for (let i = 0; i < ID_RANDOM_CHARS; i += 1) {
    const r = random()
    // A source that strays outside [0, 1) must not produce undefined characters.
    const index = Number.isFinite(r) ? Math.min(ID_ALPHABET.length - 1, Math.max(0, Math.floor(r * ID_ALPHABET.length))) : 0
    id += ID_ALPHABET[index]
  }
  return id
}

/**
 * The client_order_id to send for a draft: the one the user chose (trimmed), or a fresh one. The
 * order desk and the CLI both use this, so `--client-order-id` and the form's field mean the same.
 */
export function clientOrderIdFor(draft: OrderDraft, random: () => number): string {
  const chosen = typeof draft.client_order_id === 'string' ? draft.client_order_id.trim() : ''
  return chosen === '' ? newClientOrderId(random) : chosen
}
