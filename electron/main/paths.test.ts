// The window icon must be a file that exists both from the repository and inside the packaged app,
// where only what electron-builder copies beside the asar is there.
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PACKAGED_ICON, windowIconPath } from './paths'

const root = join(__dirname, '../..')
const config = createRequire(import.meta.url)(join(root, 'electron-builder.config.cjs')) as { extraResources: Array<{ from: string; to: string }> }

describe('window icon path', () => {
  it('from the repository, names the icon in resources/', () => {
    const path = windowIconPath({ isPackaged: false, getAppPath: () => root }, '/nowhere')
    expect(path).toBe(join(root, 'resources', 'icon.png'))
    expect(existsSync(path)).toBe(true)
  })

  it('packaged, names the file electron-builder copies beside the asar', () => {
    expect(windowIconPath({ isPackaged: true, getAppPath: () => '/opt/x/resources/app.asar' }, '/opt/x/resources')).toBe(join('/opt/x/resources', PACKAGED_ICON))
    const entry = config.extraResources.find((e) => e.to === PACKAGED_ICON)
    expect(entry, 'electron-builder copies the icon beside the asar').toBeDefined()
    expect(existsSync(join(root, entry!.from))).toBe(true)
  })
})
