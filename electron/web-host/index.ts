// `npm run web-host -- --port <port> [--no-open]`: the terminal without Electron, serving the built
// renderer (out/renderer). Bundled to CommonJS (out/main/web-host.js); the run is run.ts.
import { join } from 'node:path'
import { runWebHost } from './run'

runWebHost({ staticDir: join(__dirname, '../renderer') })
