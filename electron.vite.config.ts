import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import vue from '@vitejs/plugin-vue'

const alias = {
  '@domain': resolve(__dirname, 'electron/domain'),
  '@': resolve(__dirname, 'src'),
}

// One build produces every Node-side entry: the Electron main process and the three hosts that run
// the same core without Electron (web host, CLI, demo exchange). They share chunks, so the core is
// compiled once. The pure-JS dependencies are bundled in: zod alone is ~100 CommonJS files that take
// Node ~80 ms to find and load, the same code in one chunk a fraction of that, and every host's start
// waits for it. keytar (native) and electron stay external and load from node_modules.
export default defineConfig({
  main: {
    resolve: { alias },
    build: {
      outDir: 'out/main',
      externalizeDeps: { exclude: ['zod', 'ws', 'proper-lockfile', 'decimal.js', 'lossless-json'] },
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'electron/main/index.ts'),
          'web-host': resolve(__dirname, 'electron/web-host/index.ts'),
          cli: resolve(__dirname, 'electron/cli/index.ts'),
          'demo-exchange': resolve(__dirname, 'electron/demo-exchange/cli.ts'),
        },
      },
    },
  },
  preload: {
    resolve: { alias },
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve(__dirname, 'electron/preload/index.ts') },
        // A sandboxed preload cannot load ES modules: it must be one CommonJS file.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src',
    resolve: { alias },
    plugins: [vue()],
    build: {
      outDir: 'out/renderer',
      // electron-vite leaves output unminified by default; the renderer's first screen has a budget.
      minify: true,
      reportCompressedSize: false,
      rollupOptions: { input: { index: resolve(__dirname, 'src/index.html') } },
    },
  },
})
