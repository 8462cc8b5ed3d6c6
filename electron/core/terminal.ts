// createTerminal: the terminal itself, as plain Node. It implements every TerminalApi method and
// emits its events; the hosts (Electron main, web host) only bind it to a transport.
//
// It only composes the core's rooms (README.md): the session (session/: the active profile, its
// client, the selected account and the switch generation every switch bumps), the live feed (live/),
// the market (market/), the orders (orders/), the account's history (account/), the alerts (alerts/),
// the embedded demo exchange and the profiles (profiles/). Each room hands over its handlers in one
// shape (handlers.ts); the market and the alerts, which own timers, carry theirs as `.handlers`.
// What stays here are the app's own methods (app.info, prefs.*, files.saveText) and start-up.
import type { AppInfo, HostKind, MethodName, MethodResults, Notice, TerminalCore } from '../domain/api/api'
import { TerminalError, isTerminalError } from '../domain/errors'
import { createEventHub } from './events'
import type { HandlersOf } from './handlers'
import { type ExchangeClient, type ExchangeClientOptions, createExchangeClient } from './exchange/client'
import type { Logger } from './storage/logger'
import { createPreferenceStore } from './storage/preferences'
import { createRiskLimitsStore } from './storage/risk-limits-store'
import { createLimitsHandlers, riskGateOf } from './orders/terminal-limits'
import type { ProfileStore } from './profiles/profile-store'
import { createMarket } from './market/terminal-market'
import { createHistoryHandlers } from './account/account-history'
import { createLiveLinks } from './live/live-link'
import { createOrderHandlers } from './orders/terminal-orders'
import { createTerminalAlerts } from './alerts/terminal-alerts'
import { createDrawingStore } from './drawings/drawing-store'
import { createDrawingHandlers } from './drawings/terminal-drawings'
import { createMoveHandlers } from './orders/terminal-move'
import { createSessionHandlers } from './session/session-handlers'
import { type DemoLauncher, createDemoProfiles } from './profiles/terminal-demo'
import { createSession } from './session/terminal-session'
import { createProfileHandlers } from './profiles/terminal-profiles'
import { createPortfolioHandlers } from './portfolio/terminal-portfolio'
import { createConnections } from './portfolio/connections'
import { createEquityStore } from './portfolio/equity-store'
import { createEquityRecorder } from './portfolio/equity-recorder'
import { createTerminalPositions } from './positions/terminal-positions'
import { createClosedPictures, createJournalHandlers } from './journal/terminal-journal'
import { createJournalNotesStore } from './storage/journal-notes-store'
import { createJournalPictureStore } from './storage/journal-picture-store'
import type { Vault } from './credentials/vault'
import { createDiagnostics } from './diagnostics/terminal-diagnostics'
import { createPopoutHandlers } from './popouts/terminal-popouts'

/** How long a shutdown waits, at most, for the market cache's last writes (the next start's first chart). */
export const LAST_WRITES_MS = 1_000

export type { DemoLauncher }

export interface TerminalDeps {
  host: HostKind
  version: string
  dataDir: string
  vault: Vault
  profiles: ProfileStore
  logger?: Logger
  demo?: DemoLauncher
  createClient?: (options: ExchangeClientOptions) => ExchangeClient
  /** Native notifications (Electron); every notice is also emitted as the `notice` event. */
  notify?: (notice: Notice) => void
  now?: () => number
  /** The export's save dialog and write (Electron's main process); other hosts have none. */
  saveText?: (suggestedName: string, text: string) => Promise<{ saved: boolean }>
  /** Poll rates, for tests. */
  rates?: { tradesMs: number; candlesMs: number; tickerMs: number; accountMs: number; bookMs?: number }
  /** The positions keeper's poll (default 2 s), for tests that must see what else makes it act. */
  keeperPollMs?: number
  /** How often each account's equity is recorded (default once a minute); null: never (tests). */
  equityEveryMs?: number | null
  /**
   * A window will open on this core (the app, the web host): the remembered chart is opened as the
   * core starts, so the window's first subscription is answered from memory. Off for the CLI.
   */
  warmChart?: boolean
  /** How often the diagnostics file may be written (default 10 s); null: never (tests). */
  diagnosticsEveryMs?: number | null
  /** The exchange's live feed (default on; where the server has none the core polls). */
  feed?: { enabled?: boolean; client?: { maxBackoffMs?: number; silenceMs?: number; downAfterFailures?: number } }
}

type Handlers = HandlersOf<MethodName>

export async function createTerminal(deps: TerminalDeps): Promise<TerminalCore> {
  const now = deps.now ?? Date.now
  const log = deps.logger
  const hub = createEventHub((error) => log?.error('event listener failed', { error: String(error) }))
  const prefs = createPreferenceStore(deps.dataDir)
  const limits = createRiskLimitsStore(deps.dataDir)
  const makeClient = deps.createClient ?? createExchangeClient
  // A damaged profiles file was moved aside by the store and is reported; a file from a newer release
  // is left untouched and blocks saving. Either way the terminal starts and says so.
  const storageWarnings: string[] = []
  try {
    storageWarnings.push(...(await deps.profiles.load()).warnings)
  } catch (error) {
    storageWarnings.push(isTerminalError(error) ? error.message : `The profiles file could not be read: ${String(error)}`)
  }
  for (const warning of storageWarnings) log?.warn('profile store', { warning })
  // The vault learns which profiles have keychain entries on its first probe.
  await deps.vault.status()

  let disposed = false
  const notify = (notice: Notice) => {
    hub.emit('notice', notice)
    deps.notify?.(notice)
  }
  const demo = createDemoProfiles({ demo: deps.demo, profiles: deps.profiles, vault: deps.vault })
  const session = createSession({
    vault: deps.vault,
    profiles: deps.profiles,
    hub,
    makeClient,
    notify,
    now,
    storageWarnings,
    logger: log,
    demo,
    accountMs: deps.rates?.accountMs,
    // The positions are created below; an order's notice asks only once the session reads orders.
    orderOwner: (orderId) => positions.ownerOf(orderId),
    ownedOrderChanged: () => positions.kick(),
  })
  // The stalls: the windows' long tasks, the feed's lag and reconnects (on the wall clock: the lag is
  // the exchange's times against it), and the file the CLI reads them from.
  const diagnostics = createDiagnostics({ dataDir: deps.dataDir, host: deps.host, now: Date.now, logger: log, writeEveryMs: deps.diagnosticsEveryMs })
  // One socket per profile session: opened once the session is published, closed when it ends.
  const live = createLiveLinks({ session, hub, enabled: deps.feed?.enabled ?? true, logger: log, client: deps.feed?.client, watch: diagnostics.feed })
  hub.on('session.changed', () => live.ensure())
  const liveSource = () => {
    live.ensure()
    queueMicrotask(live.announce) // the window that subscribes learns the modes
    return live.source()
  }
  const market = createMarket({ session, hub, dataDir: deps.dataDir, now, logger: log, rates: deps.rates, live: liveSource, remembered: () => prefs.get() })
  session.onProfileEnd(market.stop)
  const pairs = () => market.handlers['market.pairs'](undefined)
  // The drawings on the charts, and the alerts that follow a drawn line (read at every price).
  const drawingStore = createDrawingStore(deps.dataDir, now)
  const alerts = createTerminalAlerts({ session, hub, dataDir: deps.dataDir, now, logger: log, pollMs: deps.rates?.tickerMs, pairs, drawings: drawingStore })
  const drawings = createDrawingHandlers({
    activeProfileId: () => session.active?.id ?? null,
    dataDir: deps.dataDir,
    now,
    pairs,
    cancelFollowers: (profileId, drawingId) => alerts.cancelFollowing(profileId, drawingId),
    changed: (profileId, pair) => hub.emit('drawings.changed', { profileId, pair }),
    logger: log,
    store: drawingStore,
  })
  session.onProfileEnd(live.stop)
  // The active profile's protected positions: its keeper acts when it holds the profile's lock, and
  // follows its pairs' trades on the session's live feed (asked at every round: no announcing here).
  const keeperLive = () => (live.ensure(), live.source())
  const positions = createTerminalPositions({
    session,
    hub,
    dataDir: deps.dataDir,
    logger: log,
    live: keeperLive,
    pollMs: deps.keeperPollMs,
    riskGate: (client, profile) => riskGateOf(limits, profile, client, now),
    // in the window always; on the desktop only where the trader turned the positions' notifications on
    notify: (notice) => {
      hub.emit('notice', notice)
      void prefs.get().then((p) => p.positionNotifications && deps.notify?.(notice))
    },
  })
  hub.on('session.changed', () => void positions.resume().catch((error: unknown) => log?.warn('positions keeper', { error: String(error) })))

  // Every profile's connection, for the views over all accounts (portfolio/).
  const connections = createConnections({ session, profiles: deps.profiles, demo, makeClient })
  // Each account's total, once a minute while this core runs (null: not recorded, for tests).
  const equity = createEquityStore(deps.dataDir, now)
  const recorder = createEquityRecorder({ connections, store: equity, now, everyMs: deps.equityEveryMs ?? undefined, logger: log })

  // The journal's notes and pictures; a trade's picture is made as soon as the keeper closes its position.
  const journalDeps = { session, notes: createJournalNotesStore(deps.dataDir), pictures: createJournalPictureStore(deps.dataDir), dataDir: deps.dataDir, now }
  const closedPictures = createClosedPictures(journalDeps)
  hub.on('positions.changed', ({ profileId, positions }) => closedPictures.positionsChanged(profileId, positions))

  const handlers: Handlers = {
    async 'app.info'() {
      const info: AppInfo = {
        name: 'Trading Terminal',
        version: deps.version,
        host: deps.host,
        platform: process.platform,
        dataDir: deps.dataDir,
        keychain: await deps.vault.status(),
      }
      return info
    },
    'prefs.get': () => prefs.get(),
    async 'prefs.set'(patch) {
      const saved = await prefs.set(patch)
      // Every window follows (the main window and its pop-outs: the theme, the indicators).
      hub.emit('prefs.changed', saved)
      return saved
    },
    ...createProfileHandlers({ profiles: deps.profiles, vault: deps.vault, session, demo, makeClient }),
    ...createSessionHandlers({ session }),
    ...market.handlers,
    ...createOrderHandlers({ session, notify, limits, now }),
    ...createMoveHandlers({ session, hub, notify, limits }),
    ...createLimitsHandlers({ session, limits, now }),
    ...createHistoryHandlers({ session }),
    async 'files.saveText'({ suggestedName, text }) {
      if (!deps.saveText) throw new TerminalError({ kind: 'unsupported', code: 'NO_SAVE_DIALOG', message: 'This window has no save dialog: the file is downloaded instead.' })
      return deps.saveText(suggestedName, text)
    },
    ...alerts.handlers,
    ...drawings.handlers,
    ...createPortfolioHandlers({ connections, session, equity, now }),
    ...positions.handlers,
    ...diagnostics.handlers,
    ...createJournalHandlers(journalDeps),
    ...createPopoutHandlers({ dataDir: deps.dataDir, hub, logger: log }),
  }

  // ---- Start ----------------------------------------------------------------------------------------

  try {
    await demo.ensureProfile()
  } catch (error) {
    log?.warn('could not create the demo profile', { error: isTerminalError(error) ? error.message : String(error) })
  }
  const startId = deps.profiles.activeId() ?? deps.profiles.list()[0]?.id
  // The remembered chart opens as soon as the first profile session has its client: market data needs
  // neither the activation written to disk nor the accounts read.
  const remembered = deps.warmChart ? prefs.get() : null
  remembered?.catch(() => undefined) // (its failure is thrown where it is awaited, below)
  const stopWarming = session.onProfileClient(
    () =>
      void remembered?.then(
        ({ pair, interval }) => pair && market.warm(pair, interval),
        () => undefined,
      ),
  )
  if (startId) {
    // Offline is a state, not a crash: activation records the failure in the connection status.
    await session.activate(startId).catch((error) => log?.warn('could not activate the last profile', { error: String(error) }))
  }
  stopWarming()
  if (remembered) {
    // (a chart already opened above is left as it is)
    const { pair, interval } = await remembered
    if (pair) market.warm(pair, interval)
  }
  if (deps.equityEveryMs !== null) recorder.start()

  return {
    async call(method, input) {
      if (disposed) throw new TerminalError({ kind: 'internal', code: 'DISPOSED', message: 'The terminal is shutting down.' })
      const handler = handlers[method] as (i: typeof input) => Promise<MethodResults[typeof method]>
      return handler(input)
    },
    on: (event, listener) => hub.on(event, listener),
    async dispose() {
      disposed = true
      closedPictures.stop()
      recorder.stop()
      alerts.dispose()
      await positions.dispose()
      session.dispose()
      // The market's last snapshot, saved as its feed stopped, is what the next start paints first.
      await market.flush(LAST_WRITES_MS)
      live.stop()
      await diagnostics.dispose()
      hub.clear()
    },
  }
}
