// Saved profiles for the CLI: `--profile <name>` and `profiles list | add | remove | test`, over the
// same profile store and vault as the app (the data directory comes from resolveDataDir, so
// TERMINAL_DATA_DIR is honoured), so a profile made in the window works from a script and one added
// here shows in the window.
//
// Secrets: `profiles add` takes the key and secret from TERMINAL_API_KEY / TERMINAL_API_SECRET or
// from standard input, never from arguments (other users can read those), and writes them only to
// the OS keychain. A CLI process ends right away, so the vault's session-only fallback would keep
// nothing: without a keychain, `add` refuses and saves nothing. No output or error contains a secret.
import { z } from 'zod'
import { profileInputSchema, type ConnectionTestResult, type ProfileView } from '../domain/api'
import { TerminalError, isTerminalError, type FieldIssue } from '../domain/errors'
import type { Account } from '../domain/wire'
import { createExchangeClient, type Credentials } from '../core/exchange/client'
import { resolveDataDir } from '../core/data-dir'
import { apiKeyHintOf, createProfileStore, type ProfileRecord, type ProfileStore } from '../core/profile-store'
import { createVault, type Vault } from '../core/vault'
import { bindCredentials, readBoundCredentials } from '../core/credential-binding'
import { UsageError, readFlags } from './args'
import { updateProfile } from './profile-update'
import type { CliIo, CliStdin, ResolvedProfile } from './run'

export interface ProfileDepsOptions {
  env: CliIo['env']
  /** Tests pass a vault over a fake keychain; the CLI creates the real one when first needed. */
  vault?: Vault
  store?: ProfileStore
  /** How long `profiles add` waits for standard input to end; default 30 s. */
  stdinTimeoutMs?: number
}

/** Standard input bigger than this is not a key and a secret. */
const MAX_STDIN_BYTES = 16 * 1024
const DEFAULT_STDIN_TIMEOUT_MS = 30_000
const DEFAULT_TEST_TIMEOUT_MS = 8_000

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
  if (raw === undefined) return DEFAULT_TEST_TIMEOUT_MS
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < 1 || Number(raw) > 600_000) throw new UsageError(`--timeout-ms must be a whole number from 1 to 600000, got "${raw}".`)
  return Number(raw)
}

// ---- Reading the key and secret -------------------------------------------------------------------

/** All of standard input as text, bounded in size and time (a pipe nobody closes must not hang us). */
export async function readStdin(input: CliStdin, timeoutMs: number): Promise<string> {
  if (typeof input === 'string') return input
  const iterator = input[Symbol.asyncIterator]()
  const chunks: Buffer[] = []
  let size = 0
  const deadline = Date.now() + timeoutMs
  try {
    for (;;) {
      const remaining = deadline - Date.now()
      let timer: ReturnType<typeof setTimeout> | undefined
      const next = await Promise.race([
        iterator.next(),
        new Promise<'timeout'>((resolve) => {
          timer = setTimeout(() => resolve('timeout'), Math.max(0, remaining))
        }),
      ])
      clearTimeout(timer)
      if (next === 'timeout') {
        throw new UsageError(`Standard input did not end within ${Math.round(timeoutMs / 1000)} s. Pipe the key and secret in (and close the pipe), or set TERMINAL_API_KEY and TERMINAL_API_SECRET.`)
      }
      if (next.done === true) break
      const chunk = typeof next.value === 'string' ? Buffer.from(next.value, 'utf8') : Buffer.from(next.value)
      size += chunk.length
      if (size > MAX_STDIN_BYTES) throw new UsageError(`Standard input is larger than ${MAX_STDIN_BYTES} bytes; it should hold only the API key and secret.`)
      chunks.push(chunk)
    }
  } finally {
    // Stops reading (a Readable is destroyed): the process must be free to exit.
    void Promise.resolve(iterator.return?.()).catch(() => undefined)
  }
  return Buffer.concat(chunks).toString('utf8')
}

const NO_CREDENTIALS =
  'profiles add needs the API key and secret: set TERMINAL_API_KEY and TERMINAL_API_SECRET, or pipe them on standard input as two lines (key, then secret) or as {"apiKey": "...", "apiSecret": "..."}.'

/** Two lines (key, then secret) or a JSON object. Messages never quote the input. */
export function parseCredentialText(text: string): Credentials {
  const trimmed = text.trim()
  if (trimmed === '') throw new UsageError(NO_CREDENTIALS)
  if (trimmed.startsWith('{')) {
    let raw: unknown
    try {
      raw = JSON.parse(trimmed)
    } catch {
      throw new UsageError('Standard input starts with "{" but is not valid JSON; expected {"apiKey": "...", "apiSecret": "..."}.')
    }
    const parsed = z.object({ apiKey: z.string(), apiSecret: z.string() }).safeParse(raw)
    if (!parsed.success) throw new UsageError('The JSON on standard input needs the string fields "apiKey" and "apiSecret".')
    return { apiKey: parsed.data.apiKey.trim(), apiSecret: parsed.data.apiSecret.trim() }
  }
  const lines = trimmed
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
  if (lines.length !== 2) throw new UsageError(`Standard input must hold two lines, the API key and then the secret; it holds ${lines.length} non-empty lines.`)
  return { apiKey: lines[0]!, apiSecret: lines[1]! }
}

/** The environment wins when it has both; one without the other is a mistake worth naming. */
async function credentialsForAdd(io: CliIo, stdinTimeoutMs: number): Promise<Credentials> {
  const apiKey = io.env.TERMINAL_API_KEY?.trim()
  const apiSecret = io.env.TERMINAL_API_SECRET?.trim()
  if (apiKey && apiSecret) return { apiKey, apiSecret }
  if (apiKey || apiSecret) throw new UsageError('Set both TERMINAL_API_KEY and TERMINAL_API_SECRET, or neither (then the key and secret are read from standard input).')
  if (io.stdin === undefined) throw new UsageError(NO_CREDENTIALS)
  return parseCredentialText(await readStdin(io.stdin, stdinTimeoutMs))
}

const FIELD_LABEL: Record<string, string> = { name: '--name', baseUrl: '--base-url', apiKey: 'the API key', apiSecret: 'the API secret' }

/** The app's own rules for a new profile (profileInputSchema). Issues on the key or secret never quote them. */
function validateInput(input: { name: string; baseUrl: string } & Credentials) {
  const parsed = profileInputSchema.safeParse(input)
  if (parsed.success) return parsed.data
  const issues: FieldIssue[] = parsed.error.issues.map((issue) => {
    const field = typeof issue.path[0] === 'string' ? issue.path[0] : 'form'
    const secret = field === 'apiKey' || field === 'apiSecret'
    return { field, code: 'INVALID_PROFILE', message: secret ? `${FIELD_LABEL[field]} must be 8 to 256 characters` : issue.message }
  })
  throw new TerminalError({
    kind: 'validation',
    code: 'INVALID_PROFILE',
    field: issues[0]?.field ?? 'form',
    issues,
    message: `Nothing was saved: ${issues.map((i) => `${FIELD_LABEL[i.field] ?? i.field}: ${i.message}`).join('; ')}.`,
  })
}

// ---- Connection test ------------------------------------------------------------------------------

/** The account a key belongs to: the only one it sees, or the master among several (as the app does). */
function ownAccountOf(list: Account[]): Account | null {
  if (list.length === 1) return list[0] ?? null
  return list.find((a) => a.parent_id === null || a.parent_id === undefined) ?? list[0] ?? null
}

/** The app's connection test (server time, then the account tree); throws the failure as it is. */
async function testConnection(baseUrl: string, credentials: Credentials, io: CliIo, timeoutMs: number): Promise<ConnectionTestResult> {
  const probe = createExchangeClient({
    baseUrl,
    credentials: async () => credentials,
    timeoutMs,
    maxTries: 1,
    ...(io.fetch ? { fetch: io.fetch } : {}),
    ...(io.sleep ? { sleep: io.sleep } : {}),
    ...(io.random ? { random: io.random } : {}),
  })
  const started = Date.now()
  const time = await probe.time().catch(() => null)
  const accounts = await probe.accounts({ include_subaccounts: true })
  const skew = time ? Math.round(time.serverTime * 1000 - (started + Date.now()) / 2) : null
  return { ok: true, accounts, serverTimeSkewMs: skew }
}

function asTerminalError(error: unknown): TerminalError {
  return isTerminalError(error) ? error : new TerminalError({ kind: 'internal', code: 'INTERNAL', message: error instanceof Error ? error.message : String(error) })
}

// ---- The deps ---------------------------------------------------------------------------------------

export function createProfileDeps(options: ProfileDepsOptions): Required<Pick<CliIo, 'resolveProfile' | 'profilesCommand'>> {
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
    return {
      id: record.id,
      name: record.name,
      baseUrl: record.baseUrl,
      feedUrl: record.feedUrl ?? null,
      apiKeyHint: record.apiKeyHint,
      accountId: record.accountId,
      isDemo: record.isDemo,
      createdAt: record.createdAt,
      lastUsedAt: record.lastUsedAt,
      secretStorage: v.storageOf(record.id),
    }
  }

  /** The keychain or a refusal: a session-only secret would die with this process. */
  async function requireKeychain(what: string): Promise<Vault> {
    const v = openVault()
    const status = await v.status()
    if (status.available) return v
    throw new TerminalError({
      kind: 'keychain',
      code: 'KEYCHAIN_UNAVAILABLE',
      message: `The OS keychain is unreachable (${status.reason ?? 'no reason given'}). ${what}`,
    })
  }

  async function add(parsed: ProfileArgs, io: CliIo): Promise<ProfileView> {
    const { values } = parsed
    if (values.name === undefined || values['base-url'] === undefined) throw new UsageError('profiles add needs --name <name> and --base-url <url>.')
    const timeoutMs = timeoutOf(values)
    const credentials = await credentialsForAdd(io, stdinTimeoutMs)
    const input = validateInput({ name: values.name, baseUrl: values['base-url'], ...credentials })
    const baseUrl = input.baseUrl.replace(/\/+$/, '')
    const profiles = await openStore()
    const clash = profiles.findByName(input.name)
    if (clash) throw new TerminalError({ kind: 'validation', code: 'NAME_TAKEN', field: 'name', message: `A profile named "${clash.name}" already exists; nothing was saved.` })
    const v = await requireKeychain('Nothing was saved: the CLI cannot keep the secret for a session, and it never writes it to a file.')

    let accountId: number | null = null
    if (!parsed.offline) {
      let test: ConnectionTestResult
      try {
        test = await testConnection(baseUrl, { apiKey: input.apiKey, apiSecret: input.apiSecret }, io, timeoutMs)
      } catch (error) {
        const e = asTerminalError(error)
        throw new TerminalError({ ...e.toData(), message: `The connection test failed, nothing was saved: ${e.message} (Use --offline to save without testing.)` })
      }
      accountId = ownAccountOf(test.accounts)?.id ?? null
    }

    const record = await profiles.create({ name: input.name, baseUrl, accountId, apiKeyHint: apiKeyHintOf(input.apiKey), isDemo: false })
    let stored: 'keychain' | 'session'
    try {
      stored = await v.write(record.id, bindCredentials(input, baseUrl))
    } catch (error) {
      await profiles.remove(record.id).catch(() => undefined)
      throw error
    }
    if (stored !== 'keychain') {
      // The keychain went away between the probe and the write: undo, say so.
      await v.remove(record.id).catch(() => undefined)
      await profiles.remove(record.id).catch(() => undefined)
      throw new TerminalError({ kind: 'keychain', code: 'KEYCHAIN_UNAVAILABLE', message: 'The OS keychain stopped answering while saving; nothing was saved.' })
    }
    return view(record)
  }

  async function remove(parsed: ProfileArgs): Promise<{ removed: true; id: string; name: string }> {
    const record = await find(parsed.values, 'remove')
    // Removing the metadata without the keychain entry would leave an orphaned secret behind.
    const v = await requireKeychain(`Nothing was removed: the secret of "${record.name}" could not be deleted. Try again when the keychain is available.`)
    await v.remove(record.id)
    const profiles = await openStore()
    await profiles.remove(record.id)
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
      return await testConnection(record.baseUrl, credentials, io, timeoutMs)
    } catch (error) {
      const e = asTerminalError(error)
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
      return { baseUrl: record.baseUrl, credentials }
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
              store: openStore,
              keychain: requireKeychain,
              readCredentials: () => credentialsForAdd(io, stdinTimeoutMs),
              view,
            },
          )
        case 'remove':
          return remove(parsed)
        case 'test':
          return test(parsed, io)
      }
    },
  }
}
