// The "may import" column of the architecture is enforced by lint: a file in the wrong layer that
// imports the wrong thing fails `npm test`. Checked here with ESLint itself on sample files.
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const eslint = new ESLint({ cwd: process.cwd() })

async function importErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message)
}

describe('import boundaries', () => {
  it.each([
    ['src/components/Leak.vue', `<script setup lang="ts">\nimport { ipcRenderer } from 'electron'\nvoid ipcRenderer\n</script>\n<template><div /></template>\n`],
    ['src/stores/leak.ts', `import { readFileSync } from 'node:fs'\nexport const x = readFileSync\n`],
    ['src/stores/leak2.ts', `import { createTerminal } from '../../electron/core/terminal'\nexport const x = createTerminal\n`],
    ['electron/core/leak.ts', `import { app } from 'electron'\nexport const x = app\n`],
    ['electron/core/leak-keytar.ts', `import keytar from 'keytar'\nexport const x = keytar\n`],
    ['electron/domain/leak.ts', `import { readFile } from 'node:fs/promises'\nexport const x = readFile\n`],
    ['electron/preload/leak.ts', `import { readFile } from 'node:fs'\nexport const x = readFile\n`],
    ['electron/web-host/leak.ts', `import { BrowserWindow } from 'electron'\nexport const x = BrowserWindow\n`],
    ['electron/core/market/leak.ts', `import { createDispatch } from '../../host/dispatch'\nexport const x = createDispatch\n`],
    ['electron/core/storage/leak.ts', `import type { Session } from '../session/terminal-session'\nexport type X = Session\n`],
    ['electron/core/exchange/leak.ts', `import { createOrderDesk } from '../orders/order-desk'\nexport const x = createOrderDesk\n`],
    // The core's layers: a room never imports one above it, so no two rooms import each other.
    ['electron/core/profiles/leak.ts', `import type { Session } from '../session/terminal-session'\nexport type X = Session\n`],
    ['electron/core/live/leak.ts', `import type { Session } from '../session/terminal-session'\nexport type X = Session\n`],
    ['electron/core/session/leak.ts', `import { createMarket } from '../market/terminal-market'\nexport const x = createMarket\n`],
    ['electron/core/orders/leak.ts', `import { createTerminal } from '../terminal'\nexport const x = createTerminal\n`],
    ['electron/host/leak.ts', `import { app } from 'electron'\nexport const x = app\n`],
    ['electron/demo-exchange/leak.ts', `import { validateOrder } from '../domain/orders/order-rules'\nexport const x = validateOrder\n`],
    // The renderer's rooms: components -> features -> stores -> lib; a feature never imports another.
    ['src/stores/leak3.ts', `import { liveScene } from '@/features/chart/live-layer'\nexport const x = liveScene\n`],
    ['src/features/chart/leak.ts', `import { bookView } from '@/features/book/book-view'\nexport const x = bookView\n`],
    ['src/features/chart/leak2.ts', `import { bookView } from '../book/book-view'\nexport const x = bookView\n`],
    ['src/features/balances/leak.ts', `import { orderColumnWidths } from '@/features/open-orders/order-columns'\nexport const x = orderColumnWidths\n`],
    ['src/features/book/Leak.vue', `<script setup lang="ts">\nimport PairList from '@/components/PairList.vue'\nvoid PairList\n</script>\n<template><div /></template>\n`],
    ['src/composables/leak.ts', `import { useMarketStore } from '@/stores/market/market'\nexport const x = useMarketStore\n`],
    ['src/lib/leak.ts', `import { useSessionStore } from '@/stores/session/session'\nexport const x = useSessionStore\n`],
    ['src/features/history/leak.ts', `import { readFileSync } from 'node:fs'\nexport const x = readFileSync\n`],
  ])('%s fails lint for its import', async (filePath, code) => {
    expect(await importErrors(filePath, code)).not.toEqual([])
  })

  it.each([
    ['src/stores/fine.ts', `import { formatDecimal } from '@domain/decimal'\nexport const x = formatDecimal\n`],
    ['electron/core/fine.ts', `import { readFile } from 'node:fs/promises'\nexport const x = readFile\n`],
    ['electron/main/fine.ts', `import { app } from 'electron'\nexport const x = app\n`],
    ['electron/core/credentials/vault.ts', `import keytar from 'keytar'\nexport const x = keytar\n`],
    ['electron/core/orders/fine.ts', `import type { Session } from '../session/terminal-session'\nexport type X = Session\n`],
    ['electron/core/session/fine.ts', `import { profileView } from '../profiles/profile-view'\nexport const x = profileView\n`],
    ['electron/core/market/fine.ts', `import type { Session } from '../session/terminal-session'\nexport type X = Session\n`],
    ['electron/host/fine.ts', `import { createTerminal } from '../core/terminal'\nexport const x = createTerminal\n`],
    ['electron/core/vault-like.ts', `import { join } from 'node:path'\nexport const x = join\n`],
    [
      'src/features/chart/fine.ts',
      `import { useMarketStore } from '@/stores/market/market'\nimport { INDICATOR_SPECS } from './indicators/specs'\nexport const x = [useMarketStore, INDICATOR_SPECS]\n`,
    ],
    ['src/lib/fine.ts', `import type { DesktopNotice } from '@domain/api/api-views'\nexport type X = DesktopNotice\n`],
    ['src/components/Fine.vue', `<script setup lang="ts">\nimport OrderBook from '@/features/book/OrderBook.vue'\nvoid OrderBook\n</script>\n<template><div /></template>\n`],
  ])('%s may import what it imports', async (filePath, code) => {
    expect(await importErrors(filePath, code)).toEqual([])
  })
})

describe('test helpers stay out of the app', () => {
  async function testHelperErrors(filePath: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath })
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message)
  }

  it.each([
    ['src/stores/leak.ts', `import { fakeTerminal } from './market-fixtures.test-util'\nexport const x = fakeTerminal\n`],
    ['src/components/Leak.vue', `<script setup lang="ts">\nimport { fakeTerminal } from '@/stores/test/fake-terminal.test-util'\nvoid fakeTerminal\n</script>\n<template><div /></template>\n`],
    ['electron/core/leak.ts', `export const x = () => import('./test/read-only-fixture.test-util')\n`],
    ['electron/core/leak-reexport.ts', `export { makeReadOnly } from './test/read-only-fixture.test-util'\n`],
  ])('%s fails lint for importing a *.test-util.ts', async (filePath, code) => {
    expect(await testHelperErrors(filePath, code)).toEqual([expect.stringContaining('tests only')])
  })

  it.each([
    ['src/stores/market/market.test.ts', `import { fakeTerminal } from './market-fixtures.test-util'\nexport const x = fakeTerminal\n`],
    ['electron/core/exchange/test/other.test-util.ts', `import { startStubServer } from './stub-server.test-util'\nexport const x = startStubServer\n`],
  ])('%s (a test or a helper) may import one', async (filePath, code) => {
    expect(await testHelperErrors(filePath, code)).toEqual([])
  })
})
