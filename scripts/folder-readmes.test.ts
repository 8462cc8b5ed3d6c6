// Every folder of the app's code says what lives there and what it may import (issue 25): a README.md
// in each folder under electron/ and src/. A new folder without one fails `npm test`.
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

function folders(root: string): string[] {
  const found = [root]
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (entry.isDirectory()) found.push(...folders(join(root, entry.name)))
  }
  return found
}

describe('folder READMEs', () => {
  it.each(['electron', 'src'])('every folder under %s/ has a README.md', (root) => {
    const missing = folders(root).filter((dir) => !existsSync(join(dir, 'README.md')))
    expect(missing).toEqual([])
  })
})
