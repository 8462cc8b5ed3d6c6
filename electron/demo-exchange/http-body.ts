// Reads a request body up to a size limit; null when it is larger (the caller answers 400).
import type { IncomingMessage } from 'node:http'

export function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= maxBytes) chunks.push(chunk)
    })
    req.on('end', () => resolve(size > maxBytes ? null : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)))
    req.on('error', reject)
  })
}
