// Entry of `npm run cli -- <verb>`: bundled to CommonJS (out/main/cli.js), so no top-level await and
// no import.meta here. All the work is in run.ts, which tests drive in-process.
import { createProfileDeps } from './profiles'
import { runCli } from './run'

// Standard input is handed over only when it is a pipe or a file: on a terminal, typed secrets would
// echo on screen, so `profiles add` asks for the environment variables or a pipe instead.
const stdin = process.stdin.isTTY ? undefined : process.stdin
runCli(process.argv.slice(2), { env: process.env, stdout: process.stdout, stderr: process.stderr, ...(stdin ? { stdin } : {}), ...createProfileDeps({ env: process.env }) }).then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    // run.ts maps every failure; reaching this is a bug, reported without any request detail.
    process.stderr.write(`${JSON.stringify({ error: { kind: 'internal', code: 'INTERNAL', message: error instanceof Error ? error.message : String(error) } })}\n`)
    process.exitCode = 4
  },
)
