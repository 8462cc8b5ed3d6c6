// What a host reads of its surroundings before it starts anything: the data directory and the test
// and bench knobs of the environment. Light on purpose (no zod, no core): the web host checks them
// before it listens, so a bad configuration still stops it at once, and loads the core only after
// its window's page is out (web-host/run.ts).
import { resolveDataDir } from '../core/storage/data-dir'
import type { TerminalDeps } from '../core/terminal'

export type FeedOptions = Pick<TerminalDeps, 'feed' | 'rates' | 'equityEveryMs'>

/** The data directory and the knobs, checked: what `prepareHostTerminal` builds the terminal on. */
export interface HostSettings {
  dataDir: string
  feed: FeedOptions
}

/**
 * Test and bench knobs from the environment: TERMINAL_FEED=off polls only (the comparison the bench
 * makes); TERMINAL_POLL_MS=<ms> sets every poll interval (a long one shows what the feed alone does);
 * TERMINAL_EQUITY_MS=<ms> records equity that often instead of once a minute (an e2e test's chart).
 */
export function feedOptionsFromEnv(env: NodeJS.ProcessEnv): FeedOptions {
  const out: FeedOptions = {}
  if (env.TERMINAL_FEED === 'off') out.feed = { enabled: false }
  const ms = Number(env.TERMINAL_POLL_MS)
  if (env.TERMINAL_POLL_MS !== undefined && Number.isInteger(ms) && ms >= 100 && ms <= 3_600_000) {
    out.rates = { tradesMs: ms, candlesMs: ms, tickerMs: ms, accountMs: ms, bookMs: ms }
  } else if (env.TERMINAL_POLL_MS !== undefined) {
    throw new Error(`TERMINAL_POLL_MS must be a whole number of milliseconds from 100 to 3600000, not ${JSON.stringify(env.TERMINAL_POLL_MS)}.`)
  }
  if (env.TERMINAL_EQUITY_MS !== undefined) {
    const every = Number(env.TERMINAL_EQUITY_MS)
    if (!Number.isInteger(every) || every < 1000 || every > 3_600_000) {
      throw new Error(`TERMINAL_EQUITY_MS must be a whole number of milliseconds from 1000 to 3600000, not ${JSON.stringify(env.TERMINAL_EQUITY_MS)}.`)
    }
    out.equityEveryMs = every
  }
  return out
}

/** Electron passes its userData; the other hosts resolve the same directory themselves. Throws on a bad setting. */
export function hostSettings(options: { electronUserData?: string } = {}): HostSettings {
  const dataDir = resolveDataDir(options.electronUserData ? { electronUserData: options.electronUserData } : {})
  return { dataDir, feed: feedOptionsFromEnv(process.env) }
}
