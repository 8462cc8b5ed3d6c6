// The embedded demo exchange as the terminal sees it: started on first use, every demo profile
// pointed at the port it got this launch, and a Demo profile created on the very first run so the
// terminal is useful the minute it starts.
import { TerminalError } from '../../domain/errors'
import type { ProfileStore } from './profile-store'
import type { Vault } from '../credentials/vault'
import { bindCredentials, rebindCredentials } from '../credentials/credential-binding'

/**
 * The embedded demo exchange, started by the host when a demo profile is used: on `port` when that
 * loopback port is free (the one its profiles name), on any free one otherwise.
 */
export interface DemoLauncher {
  start(port?: number): Promise<{ baseUrl: string; accounts: Array<{ id: number; name: string; parentId: number | null; apiKey: string; apiSecret: string }> }>
}
export type DemoInfo = Awaited<ReturnType<DemoLauncher['start']>>

export interface DemoProfiles {
  /** The running demo, or null before its first use. */
  readonly info: DemoInfo | null
  ensure(): Promise<DemoInfo>
  /** On a first run (no profile at all): a Demo profile for the master account, made active. */
  ensureProfile(): Promise<void>
}

/** The port of a loopback http URL (a demo profile's), or undefined. */
function portOf(baseUrl: string | undefined): number | undefined {
  if (baseUrl === undefined) return undefined
  try {
    const url = new URL(baseUrl)
    const port = Number(url.port)
    return url.protocol === 'http:' && url.hostname === '127.0.0.1' && Number.isInteger(port) && port > 0 ? port : undefined
  } catch {
    return undefined
  }
}

export function createDemoProfiles(deps: { demo?: DemoLauncher | undefined; profiles: ProfileStore; vault: Vault }): DemoProfiles {
  let info: DemoInfo | null = null

  async function ensure(): Promise<DemoInfo> {
    if (!deps.demo) throw new TerminalError({ kind: 'not-found', code: 'NO_DEMO', message: 'This host has no embedded demo exchange.' })
    if (!info) {
      // The port the demo profiles name: free again, the demo takes it, and nothing has to change. A
      // moved demo (the port was taken) would mean a profile write and a keychain write at every start.
      info = await deps.demo.start(portOf(deps.profiles.list().find((p) => p.isDemo)?.baseUrl))
      // Where the demo listens on another port this launch: point every demo profile at it.
      for (const p of deps.profiles.list()) {
        if (p.isDemo && p.baseUrl !== info.baseUrl) {
          await deps.profiles.update(p.id, { baseUrl: info.baseUrl })
          // Its key moves with it: the core (never the renderer) rebinds it to the demo's new origin.
          await rebindCredentials(deps.vault, p.id, info.baseUrl)
        }
      }
    }
    return info
  }

  async function ensureProfile(): Promise<void> {
    if (!deps.demo || deps.profiles.list().length > 0) return
    const demo = await ensure()
    const master = demo.accounts.find((a) => a.parentId === null) ?? demo.accounts[0]
    if (!master) return
    const record = await deps.profiles.create({
      name: 'Demo',
      baseUrl: demo.baseUrl,
      accountId: master.id,
      apiKeyHint: master.apiKey.slice(-4),
      isDemo: true,
    })
    // Not made active here: as the only profile it is the one the start activates, which writes that.
    await deps.vault.write(record.id, bindCredentials(master, demo.baseUrl))
  }

  return {
    get info() {
      return info
    },
    ensure,
    ensureProfile,
  }
}
