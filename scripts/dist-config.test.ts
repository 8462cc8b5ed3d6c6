// The installer configuration ships a hardened app: every fuse the security checklist asks for is
// set the safe way, and every platform's installer is configured with the app icon.
import { createRequire } from 'node:module'
import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const require = createRequire(import.meta.url)
const config = require('../electron-builder.config.cjs') as {
  icon: string
  asar: boolean
  linux: { target: string[] }
  mac: { target: string[] }
  win: { target: string[] }
  electronFuses: Record<string, boolean>
}

describe('installer configuration', () => {
  it('builds AppImage, deb, dmg and NSIS with the app icon', () => {
    expect(config.linux.target).toEqual(expect.arrayContaining(['AppImage', 'deb']))
    expect(config.mac.target).toContain('dmg')
    expect(config.win.target).toContain('nsis')
    expect(existsSync(config.icon)).toBe(true)
    const png = readFileSync(config.icon)
    expect(png.subarray(1, 4).toString()).toBe('PNG')
    expect(png.readUInt32BE(16)).toBeGreaterThanOrEqual(512) // electron-builder wants at least 512 px
    expect(config.asar).toBe(true)
  })

  it.each([
    ['runAsNode', false],
    ['enableNodeOptionsEnvironmentVariable', false],
    ['enableNodeCliInspectArguments', false],
    ['enableEmbeddedAsarIntegrityValidation', true],
    ['onlyLoadAppFromAsar', true],
    ['enableCookieEncryption', true],
  ])('flips the fuse %s to %s', (fuse, value) => {
    expect(config.electronFuses[fuse]).toBe(value)
  })
})
