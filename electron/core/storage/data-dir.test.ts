import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { isTerminalError } from '../../domain/errors'
import { resolveDataDir } from './data-dir'

const noCreate = { create: false, homedir: '/home/ann' }

describe('resolveDataDir', () => {
  it('uses the directory Electron uses for userData on each platform', () => {
    expect(resolveDataDir({ ...noCreate, env: {}, platform: 'linux' })).toBe('/home/ann/.config/Trading Terminal')
    expect(resolveDataDir({ ...noCreate, env: { XDG_CONFIG_HOME: '/xdg' }, platform: 'linux' })).toBe('/xdg/Trading Terminal')
    expect(resolveDataDir({ ...noCreate, env: {}, platform: 'darwin' })).toBe('/home/ann/Library/Application Support/Trading Terminal')
    expect(resolveDataDir({ ...noCreate, env: { APPDATA: 'C:\\Users\\ann\\AppData\\Roaming' }, platform: 'win32' })).toBe('C:\\Users\\ann\\AppData\\Roaming\\Trading Terminal')
  })

  it('ignores a relative XDG_CONFIG_HOME, as the XDG specification says', () => {
    expect(resolveDataDir({ ...noCreate, env: { XDG_CONFIG_HOME: 'rel' }, platform: 'linux' })).toBe('/home/ann/.config/Trading Terminal')
  })

  it("prefers Electron's userData, and TERMINAL_DATA_DIR over everything", () => {
    expect(resolveDataDir({ ...noCreate, env: {}, electronUserData: '/e/ud' })).toBe('/e/ud')
    expect(resolveDataDir({ ...noCreate, env: { TERMINAL_DATA_DIR: '/t/dd' }, electronUserData: '/e/ud' })).toBe('/t/dd')
  })

  describe('on disk', () => {
    let root: string
    beforeEach(() => {
      root = mkdtempSync(join(tmpdir(), 'data-dir-'))
    })
    afterEach(() => rmSync(root, { recursive: true, force: true }))

    it('creates the directory private to the user', () => {
      const dir = resolveDataDir({ env: { TERMINAL_DATA_DIR: join(root, 'a', 'b') } })
      expect(statSync(dir).isDirectory()).toBe(true)
      if (process.platform !== 'win32') expect(statSync(dir).mode & 0o777).toBe(0o700)
    })

    it('says how to fix a data directory that cannot be created', () => {
      writeFileSync(join(root, 'file'), '')
      let caught: unknown
      try {
        resolveDataDir({ env: { TERMINAL_DATA_DIR: join(root, 'file', 'sub') } })
      } catch (error) {
        caught = error
      }
      expect(isTerminalError(caught) && caught.kind).toBe('storage')
      expect((caught as Error).message).toContain('TERMINAL_DATA_DIR')
    })
  })
})
