// Saved profiles for the CLI: `--profile <name>` and `profiles list | add | update | remove | test`,
// over the same profile store and vault as the app (the data directory comes from resolveDataDir, so
// TERMINAL_DATA_DIR is honoured), so a profile made in the window works from a script and one added
// here shows in the window. Testing, saving, changing and removing a profile is the app's own profile
// service (electron/core/profiles/profile-service.ts); what is left here is the command line around it.
//
// Secrets: `profiles add` takes the key and secret from TERMINAL_API_KEY / TERMINAL_API_SECRET or
// from standard input, never from arguments (other users can read those), and writes them only to
// the OS keychain. A CLI process ends right away, so the vault's session-only fallback would keep
// nothing: without a keychain, `add` refuses and saves nothing. No output or error contains a secret.
import type { ConnectionTestResult, ProfileView } from '../domain/api/api'
import { TerminalError, toTerminalError } from '../domain/errors'
import { createExchangeClient, type Credentials } from '../core/exchange/client'
import { resolveDataDir } from '../core/storage/data-dir'
import { createProfileStore, type ProfileRecord, type ProfileStore } from '../core/profiles/profile-store'
import { CONNECTION_TEST_TIMEOUT_MS, createProfileService, type ProfileService } from '../core/profiles/profile-service'
import { createVault, type Vault } from '../core/credentials/vault'
import { readBoundCredentials } from '../core/credentials/credential-binding'
import { profileView } from '../core/profiles/profile-view'
import { UsageError, readFlags } from './args'
import { updateProfile } from './profile-update'
import type { CliIo, ResolvedProfile } from './run'
import { credentialsForAdd } from './profile-credentials'
import { validateInput } from './profile-checks'

export interface ProfileDepsOptions {
  env: CliIo['env']
  /** Tests pass a vault over a fake keychain; the CLI creates the real one when first needed. */
  vault?: Vault
  store?: ProfileStore
  /** How long `profiles add` waits for standard input to end; default 30 s. */
  stdinTimeoutMs?: number
}

const DEFAULT_STDIN_TIMEOUT_MS = 30_000

const SUBCOMMANDS = ['list', 'add', 'update', 'remove', 'test'] as const
type Subcommand = (typeof SUBCOMMANDS)[number]
type ValueFlag = 'name' | 'id' | 'base-url' | 'timeout-ms' | 'rename'
const ALLOWED: Record<Subcommand, ReadonlyArray<ValueFlag | 'offline' | 'new-key'>> = {
  list: [],
  add: ['name', 'base-url', 'offline', 'timeout-ms'],
  update: ['name', 'id', 'rename', 'base-url', 'new-key'],
  remove: ['name', 'id'],
  test: ['name', 'id', 'timeout-ms'],
}

interface ProfileArgs {
  sub: Subcommand
  values: Partial<Record<ValueFlag, string>>
  offline: boolean
  /** profiles update: read a new key and secret (environment or standard input, as for add). */
  newKey: boolean
}

const PROFILE_OPTIONS = {
  name: { type: 'string' },
  id: { type: 'string' },
  'base-url': { type: 'string' },
  'timeout-ms': { type: 'string' },
  rename: { type: 'string' },
  offline: { type: 'boolean' },
  'new-key': { type: 'boolean' },
} as const

/** Parses what follows `profiles`. Positional values are never echoed: one might be a pasted secret. */
export function parseProfileArgs(args: readonly string[]): ProfileArgs {
  const [first, ...rest] = args
  const sub = first ?? 'list'
  if (!(SUBCOMMANDS as readonly string[]).includes(sub)) {
    throw new UsageError(`profiles needs one of: ${SUBCOMMANDS.join(', ')}. Run with --help for the flags.`)
  }
  const subcommand = sub as Subcommand
  const { offline, 'new-key': newKey, ...values } = readFlags(rest, PROFILE_OPTIONS, `profiles ${subcommand}`)
  for (const name of [...Object.keys(values), ...(offline ? ['offline'] : []), ...(newKey ? ['new-key'] : [])]) {
    if (!(ALLOWED[subcommand] as readonly string[]).includes(name)) {
      throw new UsageError(`--${name} does not apply to profiles ${subcommand}.${ALLOWED[subcommand].length > 0 ? ` It accepts ${ALLOWED[subcommand].map((f) => `--${f}`).join(' ')}.` : ''}`)
    }
  }
  return { sub: subcommand, values: values as ProfileArgs['values'], offline: offline === true, newKey: newKey === true }
}

function timeoutOf(values: ProfileArgs['values']): number {
  const raw = values['timeout-ms']
  if (raw === undefined) return CONNECTION_TEST_TIMEOUT_MS
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < 1 || Number(raw) > 600_000) throw new UsageError(`--timeout-ms must be a whole number from 1 to 600000, got "${raw}".`)
  return Number(raw)
}

// ---- The deps ---------------------------------------------------------------------------------------

export function createProfileDeps(options: ProfileDepsOptions): Required<Pick<CliIo, 'resolveProfile' | 'profilesCommand' | 'profileNames'>> {
  let store: Promise<ProfileStore> | null = null
  let vault: Vault | null = options.vault ?? null
  const stdinTimeoutMs = options.stdinTimeoutMs ?? DEFAULT_STDIN_TIMEOUT_MS

  function openStore(): Promise<ProfileStore> {
    store ??= (async () => {
      const opened = options.store ?? createProfileStore(resolveDataDir({ env: { ...options.env } as NodeJS.ProcessEnv }))
      await opened.load()
      return opened
    })()
    return store
  }

  function openVault(): Vault {
    vault ??= createVault()
    return vault
  }

  async function find(values: ProfileArgs['values'], sub: Subcommand): Promise<ProfileRecord> {
    const profiles = await openStore()
    const name = values.name?.trim()
    const id = values.id?.trim()
    if ((name === undefined) === (id === undefined) || name === '' || id === '') throw new UsageError(`profiles ${sub} needs --name <name> or --id <id> (one of them).`)
    const record = name !== undefined ? profiles.findByName(name) : profiles.get(id!)
    if (record) return record
    const known = profiles.list().map((p) => p.name)
    throw new TerminalError({
      kind: 'not-found',
      code: 'PROFILE_NOT_FOUND',
      message: `There is no profile ${name !== undefined ? `named "${name}"` : `with id "${id}"`}.${known.length > 0 ? ` Known profiles: ${known.join(', ')}.` : ' There are no profiles yet.'}`,
    })
  }

  async function view(record: ProfileRecord): Promise<ProfileView> {
    const v = openVault()
    await v.status() // the vault learns the keychain's entries on its first probe
    return profileView(record, v)
  }

  /** The app's profile service over this store and vault; a secret is kept only in the keychain. */
  async function openService(io: CliIo): Promise<ProfileService> {
    const transport = { ...(io.fetch ? { fetch: io.fetch } : {}), ...(io.sleep ? { sleep: io.sleep } : {}), ...(io.random ? { random: io.random } : {}) }
    return createProfileService({
      profiles: await openStore(),
      vault: openVault(),
      secrets: 'keychain',
      makeClient: (options) => createExchangeClient({ ...options, ...transport }),
    })
  }

  async function add(parsed: ProfileArgs, io: CliIo): Promise<ProfileView> {
    const { values } = parsed
    if (values.name === undefined || values['base-url'] === undefined) throw new UsageError('profiles add needs --name <name> and --base-url <url>.')
    const timeoutMs = timeoutOf(values)
    const credentials = await credentialsForAdd(io, stdinTimeoutMs)
    const input = validateInput({ name: values.name, baseUrl: values['base-url'], ...credentials })
    // The CLI finds profiles by name, so a name is taken once (the window tells them apart by more).
    const clash = (await openStore()).findByName(input.name)
    if (clash) throw new TerminalError({ kind: 'validation', code: 'NAME_TAKEN', field: 'name', message: `A profile named "${clash.name}" already exists; nothing was saved.` })
    const service = await openService(io)
    const learnAccount = async (baseUrl: string): Promise<number | null> => {
      if (parsed.offline) return null
      try {
        return await service.accountOf(baseUrl, input, { required: true, timeoutMs })
      } catch (error) {
        const e = toTerminalError(error)
        throw new TerminalError({ ...e.toData(), message: `The connection test failed, nothing was saved: ${e.message} (Use --offline to save without testing.)` })
      }
    }
    return view(await service.create(input, learnAccount))
  }

  async function remove(parsed: ProfileArgs, io: CliIo): Promise<{ removed: true; id: string; name: string }> {
    const record = await find(parsed.values, 'remove')
    // Without the keychain nothing is removed: the metadata alone would leave an orphaned secret behind.
    await (await openService(io)).remove(record.id)
    return { removed: true, id: record.id, name: record.name }
  }

  async function test(parsed: ProfileArgs, io: CliIo): Promise<ConnectionTestResult> {
    const timeoutMs = timeoutOf(parsed.values)
    const record = await find(parsed.values, 'test')
    const v = openVault()
    const credentials = await readBoundCredentials(v, record)
    if (!credentials) {
      const status = await v.status()
      throw new TerminalError({
        kind: status.available ? 'auth' : 'keychain',
        code: 'NO_CREDENTIALS',
        message: `No API key is stored for profile "${record.name}" (${status.available ? 'the keychain has no entry for it' : (status.reason ?? 'the keychain is unreachable')}). Enter the key again in the app, or remove the profile and add it again.`,
      })
    }
    try {
      return await (await openService(io)).probe(record.baseUrl, credentials, timeoutMs)
    } catch (error) {
      const e = toTerminalError(error)
      if (!record.isDemo) throw e
      // The demo exchange is embedded in the app and the web host and listens only while one of
      // them runs; from a bare CLI it is usually not there, which deserves more than "connection refused".
      throw new TerminalError({
        ...e.toData(),
        code: e.kind === 'network' || e.kind === 'timeout' ? 'DEMO_NOT_RUNNING' : e.code,
        message: `"${record.name}" is a demo profile: its exchange is embedded in the app (or the web host) and runs only while that is open, at ${record.baseUrl} when last started. Start the app, then test again. (${e.message})`,
      })
    }
  }

  return {
    async profileNames() {
      return (await openStore()).list().map((p) => p.name)
    },
    async resolveProfile(name): Promise<ResolvedProfile> {
      const profiles = await openStore()
      const record = profiles.findByName(name) ?? profiles.get(name)
      if (!record) {
        const known = profiles.list().map((p) => p.name)
        throw new TerminalError({
          kind: 'not-found',
          code: 'PROFILE_NOT_FOUND',
          message: `There is no profile named "${name}".${known.length > 0 ? ` Known profiles: ${known.join(', ')}.` : ' Add one with "profiles add" or in the app.'}`,
        })
      }
      const credentials = async (): Promise<Credentials> => {
        const v = openVault()
        const stored = await readBoundCredentials(v, record)
        if (stored) return stored
        const status = await v.status()
        throw new TerminalError({
          kind: 'auth',
          code: 'NO_CREDENTIALS',
          message: `No API key is stored for profile "${record.name}"${status.available ? '' : ` (${status.reason ?? 'the keychain is unavailable'})`}. Enter the key again in the app.`,
        })
      }
      return { id: record.id, baseUrl: record.baseUrl, isDemo: record.isDemo, credentials }
    },

    async profilesCommand(args, io) {
      const parsed = parseProfileArgs(args)
      switch (parsed.sub) {
        case 'list': {
          const profiles = await openStore()
          return Promise.all(profiles.list().map(view))
        }
        case 'add':
          return add(parsed, io)
        case 'update':
          return updateProfile(
            { rename: parsed.values.rename, baseUrl: parsed.values['base-url'], newKey: parsed.newKey },
            {
              find: () => find(parsed.values, 'update'),
              service: () => openService(io),
              readCredentials: () => credentialsForAdd(io, stdinTimeoutMs),
              view,
            },
          )
        case 'remove':
          return remove(parsed, io)
        case 'test':
          return test(parsed, io)
      }
    },
  }
}
