// Debian's Chromium for the bench (never a downloaded one), fresh or on a profile kept on disk, with
// every context reporting its pages' long tasks (long-tasks.mjs); and a free port for a server that
// must start twice on the same one (a start again's origin, whose caches are per origin).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CHROMIUM_ARGS } from '../lib/chromium-args.mjs'
import { watchLongTasks } from './long-tasks.mjs'

export { CHROMIUM_ARGS }

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Chromium from Debian, as the e2e tests use it. */
export async function launchChromium() {
  const { chromium } = await import('@playwright/test')
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  // Every context reports its pages' long tasks (long-tasks.mjs): each browser row tells them.
  const newContext = browser.newContext.bind(browser)
  browser.newContext = async (options) => watchLongTasks(await newContext(options))
  return browser
}

/** The same Chromium with a profile on disk (`userDataDir`): its HTTP and code caches outlive the browser, as a window's do. */
export async function launchChromiumProfile(userDataDir, options = {}) {
  const { chromium } = await import('@playwright/test')
  return watchLongTasks(await chromium.launchPersistentContext(userDataDir, { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, ...options }))
}

/**
 * `starts` browsers launched one after another on one profile on disk, each closed after
 * `run(context, port, i)` (as a window is closed and opened again), all on one free port: the
 * caches are per origin. Resolves with the last run's result; the profile is removed after.
 */
export async function startsInOneProfile(starts, run, options = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'bench-profile-'))
  const port = await freePort()
  try {
    let last = null
    for (let i = 0; i < starts; i++) {
      const context = await launchChromiumProfile(profile, options)
      try {
        last = await run(context, port, i)
      } finally {
        await context.close()
      }
    }
    return last
  } finally {
    rmSync(profile, { recursive: true, force: true })
  }
}

/** A TCP port free on 127.0.0.1 now (for a server that must start twice on the same port). */
export async function freePort() {
  const { createServer } = await import('node:net')
  const server = createServer()
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const { port } = server.address()
  await new Promise((resolve) => server.close(resolve))
  return port
}
