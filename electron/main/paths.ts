// Files the main process opens by path, resolved for both ways the app runs. Packaged, `__dirname` is
// inside app.asar and `resources/` of the repository is not there: electron-builder copies the icon
// next to the archive (`extraResources` in electron-builder.config.cjs → process.resourcesPath).
// https://www.electronjs.org/docs/latest/api/process#processresourcespath-readonly
import { join } from 'node:path'

/** The file name `extraResources` gives the icon beside the asar. */
export const PACKAGED_ICON = 'icon.png'

export function windowIconPath(app: { isPackaged: boolean; getAppPath(): string }, resourcesPath: string): string {
  return app.isPackaged ? join(resourcesPath, PACKAGED_ICON) : join(app.getAppPath(), 'resources', 'icon.png')
}
