// The web host's command line, through node:util's parseArgs (unknown options and missing values are
// refused with its own clear messages); only the port's range is checked here.
import { parseArgs } from 'node:util'

export const WEB_HOST_USAGE = 'Usage: npm run web-host -- [--port <port>] [--no-open]\n'

export interface WebHostArgs {
  /** 0: any free port. */
  port: number
  /** Open a Chromium or Chrome window on the printed URL. */
  open: boolean
  help: boolean
}

export function parseWebHostArgs(argv: string[]): WebHostArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string', default: '0' },
      'no-open': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  })
  const port = Number(values.port)
  if (!/^\d+$/.test(values.port) || port > 65535) throw new Error(`--port needs a number from 0 to 65535, got ${JSON.stringify(values.port)}`)
  return { port, open: !values['no-open'], help: values.help }
}
