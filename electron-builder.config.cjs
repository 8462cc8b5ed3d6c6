// Installers: AppImage and deb (Linux), dmg (macOS), NSIS (Windows). `npm run dist` builds the ones
// the current platform can build, where the Electron binary can be downloaded.
//
// Electron fuses are flipped at package time (https://www.electronjs.org/docs/latest/tutorial/fuses):
// the packaged app cannot be turned into a plain Node runtime (RunAsNode, NODE_OPTIONS, --inspect
// are off), it loads code only from its own asar archive and checks that archive's integrity, and
// cookies are encrypted at rest. scripts/dist-config.test.ts checks each one.
/** @type {import('electron-builder').Configuration} */
module.exports = {
  appId: 'app.tradingterminal.desktop',
  productName: 'Trading Terminal',
  copyright: 'Trading Terminal',
  directories: { output: 'release', buildResources: 'resources' },
  files: ['out/**', 'package.json', '!out/**/*.map'],
  extraResources: [{ from: 'resources/icon.png', to: 'icon.png' }],
  asar: true,
  // keytar is a native module: it must live outside the archive to be loaded.
  asarUnpack: ['**/node_modules/keytar/**'],
  icon: 'resources/icon.png',
  linux: {
    target: ['AppImage', 'deb'],
    category: 'Finance',
    icon: 'resources/icon.png',
    synopsis: 'Desktop trading terminal',
  },
  deb: { depends: ['libsecret-1-0', 'libnss3', 'libgtk-3-0'] },
  mac: { target: ['dmg'], category: 'public.app-category.finance', hardenedRuntime: true },
  dmg: { sign: false },
  win: { target: ['nsis'] },
  nsis: { oneClick: false, perMachine: false, allowToChangeInstallationDirectory: true },
  electronFuses: {
    runAsNode: false,
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: false,
    enableEmbeddedAsarIntegrityValidation: true,
    onlyLoadAppFromAsar: true,
    enableCookieEncryption: true,
    loadBrowserProcessSpecificV8Snapshot: false,
    grantFileProtocolExtraPrivileges: false,
  },
}
