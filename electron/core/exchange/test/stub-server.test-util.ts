// A tiny scripted HTTP server for the client's unit tests: each test says how to answer each request
// and reads back exactly what arrived (method, path, headers, body bytes). Binds 127.0.0.1, port 0.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface StubRequest {
  method: string
  path: string
  query: URLSearchParams
  headers: IncomingHttpHeaders
  body: string
}

export type StubReply =
  | { status: number; body?: string | object; headers?: Record<string, string> }
  | { destroy: true } // the connection is cut before any answer
  | { hangMs: number } // no answer for this long (then the socket is closed)

export type StubHandler = (request: StubRequest, index: number) => StubReply | Promise<StubReply>

export interface StubServer {
  baseUrl: string
  requests: StubRequest[]
  close(): Promise<void>
}

/** A JWT-shaped token (unsigned: the client never verifies it) with the given claims. */
export function fakeJwt(claims: Record<string, unknown>): string {
  const part = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.c2lnbmF0dXJl`
}

export async function startStub(handler: StubHandler): Promise<StubServer> {
  const requests: StubRequest[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub')
      const request: StubRequest = { method: req.method ?? '', path: url.pathname, query: url.searchParams, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') }
      const index = requests.push(request) - 1
      void Promise.resolve(handler(request, index)).then((reply) => {
        if ('destroy' in reply) {
          req.socket.destroy()
          return
        }
        if ('hangMs' in reply) {
          setTimeout(() => req.socket.destroy(), reply.hangMs).unref()
          return
        }
        const text = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body)
        const contentType = typeof reply.body === 'object' ? 'application/json' : 'text/plain'
        res.writeHead(reply.status, { 'content-type': contentType, ...reply.headers })
        res.end(text)
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v3`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
