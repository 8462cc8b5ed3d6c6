// `npm run dev -- [--port <port>] [--no-open]`: the web host with the renderer from Vite's dev server
// (dev-renderer.ts), run from source by `tsx watch`: a change under src/ reloads in the window at
// once (hot module replacement), a change to the core or the host restarts the host (a new URL, and
// with a window of its own, a new window). The access rules are the web host's own, unchanged.
import { join } from 'node:path'
import { createDevRenderer } from './dev-renderer'
import { runWebHost } from './run'

const repoRoot = join(__dirname, '../..')
createDevRenderer(repoRoot).then(
  (renderer) => runWebHost({ staticDir: join(repoRoot, 'out/renderer'), renderer }),
  (error: unknown) => {
    process.stderr.write(`the dev server failed to start: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  },
)
