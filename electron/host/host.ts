// What every host (Electron main, web host, CLI) does to get a terminal: resolve the data
// directory, open the log, the vault and the profile store, and create the core. One place, so the
// three hosts cannot drift apart.
import type { HostKind, Notice, TerminalCore } from '../domain/api/api'
import pkg from '../../package.json'
import { createLogger, type Logger } from '../core/storage/logger'
import { createProfileStore } from '../core/profiles/profile-store'
import { type DemoLauncher, createTerminal } from '../core/terminal'
import { createVault, type Vault } from '../core/credentials/vault'
import { type HostSettings, hostSettings } from './host-env'

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
  /** The data directory and knobs, when the host read them already (host-env.ts); else read here. */
  settings?: HostSettings
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
 * the environment's knobs, read by host-env.ts): done before anything listens, so such a start still
 * fails at once (the web host reads `settings` first and passes them, and loads this module once its
 * page is out). The slow part, `start()`, a host may run while its window loads (deferred-core.ts).
 */
export function prepareHostTerminal(options: HostOptions): PreparedHost {
  const { dataDir, feed } = options.settings ?? hostSettings(options)
  const logger = createLogger({ dir: dataDir, ...(options.echoLog ? { sink: (line: string) => process.stderr.write(`${line}\n`) } : {}) })
  const vault = createVault({ registerSecret: (value) => logger.registerSecret(value) })
  const profiles = createProfileStore(dataDir)
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
