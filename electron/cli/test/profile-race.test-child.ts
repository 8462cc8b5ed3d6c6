// A second (and third) process for the profile-file race tests: adds `count` profiles named
// `<prefix>-<i>` to the data directory, as a long-running app would (one store, kept open), or through
// the CLI's `profiles add` with the real keychain. Starts at `startAt` (ms since epoch) so that the
// processes really overlap. Prints one JSON line: the ids it created.
//   node --import tsx profile-race.test-child.ts <dataDir> <prefix> <count> <startAt> store|cli [baseUrl]
import { createProfileStore } from '../../core/profiles/profile-store'
import { createProfileDeps } from '../profiles'
import { runCli } from '../run'

const [dataDir, prefix, countText, startAtText, mode, baseUrl] = process.argv.slice(2)
if (!dataDir || !prefix || !countText || !startAtText || (mode !== 'store' && mode !== 'cli')) {
  throw new Error('usage: <dataDir> <prefix> <count> <startAt> store|cli [baseUrl]')
}
const count = Number(countText)

async function viaStore(): Promise<string[]> {
  const store = createProfileStore(dataDir!)
  await store.load()
  const ids: string[] = []
  for (let i = 0; i < count; i++) {
    const record = await store.create({ name: `${prefix}-${i}`, baseUrl: 'https://exchange.example/api/v3', accountId: null, apiKeyHint: String(i).padStart(4, '0'), isDemo: false })
    ids.push(record.id)
    // Changes of other kinds interleave with the other process' creates too.
    await store.setActive(record.id)
  }
  return ids
}

async function viaCli(): Promise<string[]> {
  const ids: string[] = []
  const env = { TERMINAL_DATA_DIR: dataDir!, TERMINAL_API_KEY: `race-key-${prefix}`, TERMINAL_API_SECRET: `race-secret-${prefix}-0123456789` }
  const deps = createProfileDeps({ env })
  for (let i = 0; i < count; i++) {
    let out = ''
    let err = ''
    const code = await runCli(['profiles', 'add', '--name', `${prefix}-${i}`, '--base-url', baseUrl ?? 'https://exchange.example/api/v3', '--offline'], {
      env,
      stdout: { write: (t: string) => (out += t) },
      stderr: { write: (t: string) => (err += t) },
      ...deps,
    })
    if (code !== 0) throw new Error(`profiles add ${prefix}-${i} exited ${code}: ${err}`)
    ids.push((JSON.parse(out) as { id: string }).id)
  }
  return ids
}

async function main(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startAtText) - Date.now())))
  const ids = mode === 'store' ? await viaStore() : await viaCli()
  process.stdout.write(`${JSON.stringify({ ids })}\n`)
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  process.exitCode = 1
})
