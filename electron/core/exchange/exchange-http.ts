// One HTTP exchange with the exchange's API, and reading what came back: the layer under both the
// sign-in (POST /auth) and every other request, so both get the same timeout, abort handling and
// error mapping. No retries and no authentication here: those are request.ts and sign-in.ts.
import { z } from 'zod'
import type { TerminalError } from '../../domain/errors'
import { abortedError, malformedResponse, mapHttpFailure, mapTransportFailure } from './errors'
import { parseRetryAfter } from './retry'
import type { TransportInit, TransportResponse } from './http-transport'
import { parseWireJson } from '../../domain/wire/wire-json'

export type Method = 'GET' | 'POST' | 'DELETE'
export type Query = Record<string, string | number | boolean | undefined>

export interface RequestSpec<T> {
  method: Method
  path: string
  query?: Query
  body?: object
  isPrivate: boolean
  /** Turns the parsed JSON (undefined for an empty body) into the result, throwing a ZodError if it does not fit. */
  read: (value: unknown) => T
  /** An order placement: a lost answer is 'outcome-unknown'. */
  isOrder?: boolean
  signal?: AbortSignal
}

export interface Answer {
  status: number
  contentType: string
  text: string
  headers: TransportResponse['headers']
}

export type Transmitted = { ok: true; answer: Answer } | { ok: false; error: TerminalError; sent: boolean }

export interface HttpExchangeOptions {
  /** The API root (apiRoot() of the base URL). */
  root: string
  /** Per request, body included. */
  timeoutMs: number
  fetch: (input: string, init: TransportInit) => Promise<TransportResponse>
  now: () => number
}

export interface HttpExchange {
  urlOf(path: string, query?: Query): string
  /** One HTTP exchange under a timeout; never throws. */
  transmit(method: Method, url: string, endpoint: string, headers: Record<string, string>, bodyText: string | undefined, signal: AbortSignal | undefined): Promise<Transmitted>
  /** Parses a 2xx answer: JSON, a text/plain string, or nothing. */
  readSuccess<T>(read: (value: unknown) => T, endpoint: string, answer: Answer): T
  /** The typed error of a non-2xx answer. */
  failureOf(endpoint: string, answer: Answer, requestBody?: object): TerminalError
}

export function schemaReader<S extends z.ZodType>(schema: S): (value: unknown) => z.output<S> {
  return (value) => schema.parse(value)
}

export function createHttpExchange(options: HttpExchangeOptions): HttpExchange {
  const { root, timeoutMs, now } = options
  const doFetch = options.fetch

  return {
    urlOf(path, query) {
      const params = new URLSearchParams()
      for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, String(value))
      const search = params.toString()
      return `${root}${path}${search ? `?${search}` : ''}`
    },

    async transmit(method, url, endpoint, headers, bodyText, signal) {
      if (signal?.aborted) return { ok: false, error: abortedError(endpoint), sent: false }
      const controller = new AbortController()
      let timedOut = false
      const timer = setTimeout(() => {
        timedOut = true
        controller.abort()
      }, timeoutMs)
      const onAbort = (): void => controller.abort()
      signal?.addEventListener('abort', onAbort, { once: true })
      try {
        const response = await doFetch(url, { method, headers, signal: controller.signal, ...(bodyText !== undefined ? { body: bodyText } : {}) })
        const text = await response.text()
        return { ok: true, answer: { status: response.status, contentType: response.headers.get('content-type') ?? '', text, headers: response.headers } }
      } catch (error) {
        if (signal?.aborted && !timedOut) return { ok: false, error: abortedError(endpoint), sent: true }
        return { ok: false, ...mapTransportFailure(endpoint, error, timedOut, timeoutMs) }
      } finally {
        clearTimeout(timer)
        signal?.removeEventListener('abort', onAbort)
      }
    },

    readSuccess(read, endpoint, answer) {
      const text = answer.text
      let value: unknown
      if (!/\S/.test(text))
        value = undefined // (no trim(): it would copy every answer)
      else if (/text\/html/i.test(answer.contentType) || /^\s*</.test(text)) throw malformedResponse(endpoint, { reason: 'an HTML page instead of JSON' })
      else {
        try {
          value = parseWireJson(text)
        } catch {
          if (!/text\/plain/i.test(answer.contentType)) throw malformedResponse(endpoint, { reason: 'not valid JSON' })
          value = text.trim()
        }
      }
      try {
        return read(value)
      } catch (error) {
        if (error instanceof z.ZodError) throw malformedResponse(endpoint, value === undefined ? { reason: 'an empty answer' } : { zodError: error })
        throw error
      }
    },

    failureOf(endpoint, answer, requestBody) {
      const retryAfterMs = answer.status === 429 ? parseRetryAfter(answer.headers.get('retry-after'), now()) : undefined
      return mapHttpFailure({
        endpoint,
        status: answer.status,
        contentType: answer.contentType,
        text: answer.text,
        ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
        ...(requestBody ? { requestBody: requestBody as Record<string, unknown> } : {}),
      })
    },
  }
}
