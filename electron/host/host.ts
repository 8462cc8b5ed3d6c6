// What every host (Electron main, web host, CLI) does to get a terminal: resolve the data
// directory, open the log, the vault and the profile store, and create the core. One place, so the
// three hosts cannot drift apart.
import type { HostKind, Notice, TerminalCore } from '../domain/api'
import pkg from '../../package.json'
import { resolveDataDir } from '../core/storage/data-dir'
import { createLogger, type Logger } from '../core/storage/logger'
import { createProfileStore } from '../core/profiles/profile-store'
import { type DemoLauncher, type TerminalDeps, createTerminal } from '../core/terminal'
import { createVault, type Vault } from '../core/credentials/vault'

export const APP_VERSION: string = pkg.version

export interface HostOptions {
  host: HostKind
  /** Electron's userData; other hosts resolve the same directory themselves. */
  electronUserData?: string
  demo?: DemoLauncher
  notify?: (notice: Notice) => void
  /** The export's save dialog (Electron). */
  saveText?: (suggestedName: string, text: string) => Promise<{ saved: boolean }>
  /** Also print log lines to stderr (development). */
  echoLog?: boolean
}

/**
 * Test and bench knobs from the environment: TERMINAL_FEED=off polls only (the comparison the bench
 * makes); TERMINAL_POLL_MS=<ms> sets every poll interval (a long one shows what the feed alone does);
 * TERMINAL_EQUITY_MS=<ms> records equity that often instead of once a minute (an e2e test's chart).
 */
export function feedOptionsFromEnv(env: NodeJS.ProcessEnv): Pick<TerminalDeps, 'feed' | 'rates' | 'equityEveryMs'> {
  const out: Pick<TerminalDeps, 'feed' | 'rates' | 'equityEveryMs'> = {}
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

export interface PreparedHost {
  dataDir: string
  logger: Logger
  vault: Vault
  /** Creates the core: the profile store, the keychain probe, the demo and the first activation. */
  start(): Promise<TerminalCore>
}

/**
 * The part of a host's start that is quick and can fail on bad configuration (the data directory,
 * the environment's knobs): done before anything listens, so such a start still fails at once. The
 * slow part, `start()`, a host may run while its window loads (deferred-core.ts).
 */
export function prepareHostTerminal(options: HostOptions): PreparedHost {
  const dataDir = resolveDataDir(options.electronUserData ? { electronUserData: options.electronUserData } : {})
  const logger = createLogger({ dir: dataDir, ...(options.echoLog ? { sink: (line: string) => process.stderr.write(`${line}\n`) } : {}) })
  const vault = createVault({ registerSecret: (value) => logger.registerSecret(value) })
  const profiles = createProfileStore(dataDir)
  const feed = feedOptionsFromEnv(process.env)
  async function start(): Promise<TerminalCore> {
    const core = await createTerminal({
      host: options.host,
      version: APP_VERSION,
      dataDir,
      vault,
      profiles,
      logger,
      // A window opens on the app's and the web host's core: its first chart is opened at once.
      warmChart: options.host !== 'cli',
      ...feed,
      ...(options.demo ? { demo: options.demo } : {}),
      ...(options.notify ? { notify: options.notify } : {}),
      ...(options.saveText ? { saveText: options.saveText } : {}),
    })
    logger.info('terminal started', { host: options.host, version: APP_VERSION })
    return core
  }
  return { dataDir, logger, vault, start }
}
