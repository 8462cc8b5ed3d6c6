// Where the terminal keeps its files. The Electron app, the web host and the CLI must agree on one
// directory so they share profiles, preferences and the market cache; Electron decides it through
// app.getPath('userData'), so the hosts without Electron compute the same path the same way.
import { mkdirSync } from 'node:fs'
import { homedir as osHomedir } from 'node:os'
import { posix, resolve, win32 } from 'node:path'
import { TerminalError } from '../../domain/errors'

/** package.json "productName": Electron names the userData directory after it. */
export const PRODUCT_NAME = 'Trading Terminal'

export interface DataDirOptions {
  env?: NodeJS.ProcessEnv
  platform?: string
  homedir?: string
  /** app.getPath('userData') when running inside Electron. */
  electronUserData?: string
  /** Create the directory (mode 0700) if it does not exist; default true. */
  create?: boolean
}

/** The directory Electron would choose for userData, computed without Electron (see app.getPath). */
export function defaultUserDataDir(env: NodeJS.ProcessEnv, platform: string, home: string): string {
  if (platform === 'win32') {
    const appData = env.APPDATA && env.APPDATA.length > 0 ? env.APPDATA : win32.join(home, 'AppData', 'Roaming')
    return win32.join(appData, PRODUCT_NAME)
  }
  if (platform === 'darwin') return posix.join(home, 'Library', 'Application Support', PRODUCT_NAME)
  // Linux and the other Unixes: the XDG base directory, as Chromium resolves it (only absolute values count).
  const xdg = env.XDG_CONFIG_HOME
  const config = xdg && xdg.startsWith('/') ? xdg : posix.join(home, '.config')
  return posix.join(config, PRODUCT_NAME)
}

/**
 * The data directory: TERMINAL_DATA_DIR wins (tests, portable installs, several side-by-side
 * terminals); else Electron's userData; else the path Electron would use. Created with mode 0700
 * because it describes the user's accounts.
 */
export function resolveDataDir(options: DataDirOptions = {}): string {
  const env = options.env ?? process.env
  const platform = options.platform ?? process.platform
  const override = env.TERMINAL_DATA_DIR
  let dir: string
  if (override !== undefined && override.trim() !== '') dir = resolve(override.trim())
  else if (options.electronUserData) dir = options.electronUserData
  else dir = defaultUserDataDir(env, platform, options.homedir ?? osHomedir())

  if (options.create ?? true) {
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 })
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? String(error)
      throw new TerminalError(
        { kind: 'storage', code: 'DATA_DIR_UNAVAILABLE', message: `Could not create the data directory ${dir} (${reason}). Set TERMINAL_DATA_DIR to a writable directory.` },
        { cause: error },
      )
    }
  }
  return dir
}
