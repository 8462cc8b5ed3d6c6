// The demo exchange as a host embeds it: on the port its profiles name when that port is free, so a
// restart changes no profile and no keychain entry; on another free port when it is taken.
import { createServer } from 'node:net'
import { describe, expect, it } from 'vitest'
import { embeddedDemoExchange } from './server'

const portOf = (baseUrl: string) => Number(new URL(baseUrl).port)

describe('embeddedDemoExchange', () => {
  it('starts on the port asked for once that port is free again (a restart)', async () => {
    const first = embeddedDemoExchange()
    const { baseUrl } = await first.start()
    await first.close()
    const again = embeddedDemoExchange()
    try {
      const restarted = await again.start(portOf(baseUrl))
      expect(restarted.baseUrl).toBe(baseUrl)
      expect((await fetch(`${restarted.baseUrl}/pairs`)).status).toBe(200)
    } finally {
      await again.close()
    }
  })

  it('starts on another free port when the one asked for is taken, and answers there', async () => {
    const squatter = createServer()
    await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve))
    const taken = (squatter.address() as { port: number }).port
    const demo = embeddedDemoExchange()
    try {
      const started = await demo.start(taken)
      expect(portOf(started.baseUrl)).not.toBe(taken)
      expect((await fetch(`${started.baseUrl}/pairs`)).status).toBe(200)
    } finally {
      await demo.close()
      await new Promise((resolve) => squatter.close(resolve))
    }
  })
})
