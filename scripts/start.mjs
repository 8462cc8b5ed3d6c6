#!/usr/bin/env node
// `npm start`: builds if needed, then starts the Electron app. Where the Electron binary is missing
// and cannot be downloaded, it says so in one line and starts the web host instead (which opens
// Chromium or Chrome in app mode when one is installed, or prints the URL).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, needsBuild } from './ensure-built.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const electronDir = join(root, 'node_modules', 'electron')

export function electronBinary() {
  const pathFile = join(electronDir, 'path.txt')
  if (!existsSync(pathFile)) return null
  const exe = join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim())
  return existsSync(exe) ? exe : null
}

/** Electron 45+ downloads its binary on first use; try once, briefly, and quietly. */
export function tryDownloadElectron() {
  if (!existsSync(join(electronDir, 'install.js'))) return null
  spawnSync(process.execPath, [join(electronDir, 'install.js')], { cwd: electronDir, stdio: 'ignore', timeout: 120_000 })
  return electronBinary()
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (needsBuild()) {
    process.stderr.write('Building the terminal…\n')
    build()
  }
  const exe = electronBinary() ?? tryDownloadElectron()
  const passThrough = process.argv.slice(2)
  let child
  if (exe) {
    const sandboxArgs = process.getuid?.() === 0 ? ['--no-sandbox'] : []
    child = spawn(exe, [root, ...sandboxArgs, ...passThrough], { stdio: 'inherit' })
  } else {
    console.log('The Electron binary is not installed and could not be downloaded here; starting the web host in a browser window instead.')
    child = spawn(process.execPath, [join(root, 'out/main/web-host.js'), ...passThrough], { stdio: 'inherit' })
  }
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
  child.on('exit', (code) => process.exit(code ?? 0))
}
