// Fuzzing the one gate between the renderer and the core: every TerminalApi method's payload,
// generated from its own zod schema (valid values, near misses, anything at all), 1,000 cases per
// method. The schema is the oracle: what it rejects must come back as a typed validation error
// without the core ever seeing it; what it accepts must reach the core as the parsed value. Whatever
// the input, dispatch answers with a small, JSON-safe Envelope within a second and never throws.
//
// Decided here: the dispatcher adds no timeout of its own around the core. A core call that hangs is
// the core's business (the exchange client times requests out, and only it knows whether a request is
// safe to give up on: an order's outcome must never be guessed). What the dispatcher guarantees is that
// bad input never waits on the core at all, which the "hanging core" property checks.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { METHOD_NAMES, type MethodName, methodInputs } from '../domain/api/api'
import { TerminalError, type TerminalErrorData, terminalErrorDataSchema } from '../domain/errors'
import { createDispatch } from './dispatch'
import { oddValue, payloadArbitrary, validArbitrary } from '../core/test/zod-arbitrary.test-util'

const RUNS_PER_METHOD = 1_000
const ERROR_KEYS = new Set(['kind', 'code', 'message', 'status', 'field', 'issues', 'retryAfterMs'])
/** Bounds on what an error may reflect back; the input itself can be megabytes. */
const MAX_MESSAGE = 400
const MAX_ISSUE_TEXT = 200
const MAX_ISSUES = 20

const ANSWER = Object.freeze({ answered: true })

function recordingCore() {
  const calls: Array<[string, unknown]> = []
  const core = {
    call: (async (method: string, input: unknown) => {
      calls.push([method, input])
      return ANSWER
    }) as never,
  }
  return { core, calls }
}

/** The schema's verdict, as the oracle; a value the schema cannot even read counts as rejected. */
function verdict(method: MethodName, input: unknown): { success: true; data: unknown } | { success: false } {
  try {
    const result = methodInputs[method].safeParse(input)
    return result.success ? { success: true, data: result.data } : { success: false }
  } catch {
    return { success: false }
  }
}

/** Resolves with the promise's value, or fails the case if it takes more than `ms`. */
async function within<T>(promise: Promise<T>, ms = 1_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}

/** An error envelope as it crosses IPC: only the documented keys, small, and JSON round-trips intact. */
function expectWellFormedError(error: TerminalErrorData): void {
  for (const key of Object.keys(error)) expect(ERROR_KEYS.has(key), `unexpected key ${key}`).toBe(true)
  expect(terminalErrorDataSchema.safeParse(error).success).toBe(true)
  expect(JSON.parse(JSON.stringify(error))).toEqual(error)
  expect(error.message.length).toBeLessThanOrEqual(MAX_MESSAGE)
  expect(error.field?.length ?? 0).toBeLessThanOrEqual(MAX_ISSUE_TEXT)
  expect(error.issues?.length ?? 0).toBeLessThanOrEqual(MAX_ISSUES)
  for (const issue of error.issues ?? []) {
    expect(issue.message.length).toBeLessThanOrEqual(MAX_ISSUE_TEXT)
    expect(issue.field.length).toBeLessThanOrEqual(MAX_ISSUE_TEXT)
  }
}

/** True when `value` is plain data: no class instances, no null-prototype objects, no functions. */
function isPlainData(value: unknown, depth = 0): boolean {
  if (depth > 20) return false
  if (value === null || value === undefined) return true
  const t = typeof value
  if (t === 'string' || t === 'boolean' || t === 'number') return true
  if (t !== 'object') return false
  if (Array.isArray(value)) return Object.getPrototypeOf(value) === Array.prototype && value.every((v) => isPlainData(v, depth + 1))
  if (Object.getPrototypeOf(value) !== Object.prototype) return false
  return Object.keys(value as object).every((k) => k !== '__proto__' && isPlainData((value as Record<string, unknown>)[k], depth + 1))
}

describe('dispatch fuzzed from the TerminalApi schemas', () => {
  for (const method of METHOD_NAMES) {
    it(`${method}: ${RUNS_PER_METHOD} generated payloads each get the schema's verdict`, async () => {
      const schema = methodInputs[method]
      let accepted = 0
      let rejected = 0
      await fc.assert(
        fc.asyncProperty(payloadArbitrary(schema), async (input) => {
          const { core, calls } = recordingCore()
          const expected = verdict(method, input)
          const envelope = await within(createDispatch(core)(method, input))
          if (expected.success) {
            accepted += 1
            expect(envelope).toEqual({ ok: true, value: ANSWER })
            expect(calls).toHaveLength(1)
            expect(calls[0]?.[0]).toBe(method)
            expect(calls[0]?.[1]).toEqual(expected.data)
            // The core works on the parsed copy, never on the caller's object or anything exotic.
            expect(isPlainData(calls[0]?.[1])).toBe(true)
            if (typeof input === 'object' && input !== null) expect(calls[0]?.[1]).not.toBe(input)
          } else {
            rejected += 1
            expect(envelope.ok).toBe(false)
            if (envelope.ok) return
            expect(envelope.error).toMatchObject({ kind: 'validation', code: 'INVALID_PAYLOAD' })
            expectWellFormedError(envelope.error)
            expect(calls).toEqual([])
          }
        }),
        { numRuns: RUNS_PER_METHOD },
      )
      // The generator must exercise both sides, or the property above says little.
      expect(accepted).toBeGreaterThanOrEqual(100)
      expect(rejected).toBeGreaterThanOrEqual(300)
    })
  }

  it('the generator produces mostly valid values from validArbitrary (so acceptance is really tested)', () => {
    for (const method of METHOD_NAMES) {
      const samples = fc.sample(validArbitrary(methodInputs[method]), { numRuns: 200 })
      const ok = samples.filter((s) => verdict(method, s).success).length
      expect(ok / samples.length, method).toBeGreaterThan(0.8)
    }
  })
})

describe('dispatch with unknown method names', () => {
  const known = new Set<string>(METHOD_NAMES)
  const notAMethod = fc.oneof(
    fc.constantFrom<unknown>(
      '__proto__',
      'constructor',
      'hasOwnProperty',
      'toString',
      'valueOf',
      '',
      'orders',
      'orders.',
      '.place',
      'orders.place ',
      ' orders.place',
      'ORDERS.PLACE',
      'orders/place',
      'terminal:orders.place',
      'orders.place\u0000',
      'x'.repeat(100_000),
    ),
    fc.string({ maxLength: 40 }),
    fc.constantFrom(...METHOD_NAMES).map((m) => m.replace('.', '_')),
    oddValue,
  )

  it('answers UNKNOWN_METHOD, briefly, without calling the core (3,000 cases)', async () => {
    await fc.assert(
      fc.asyncProperty(notAMethod, fc.anything(), async (method, input) => {
        fc.pre(!(typeof method === 'string' && known.has(method)))
        const { core, calls } = recordingCore()
        const envelope = await within(createDispatch(core)(method as string, input))
        expect(envelope.ok).toBe(false)
        if (envelope.ok) return
        expect(envelope.error).toMatchObject({ kind: 'validation', code: 'UNKNOWN_METHOD' })
        expectWellFormedError(envelope.error)
        expect(envelope.error.message.length).toBeLessThanOrEqual(120)
        expect(calls).toEqual([])
      }),
      { numRuns: 3_000 },
    )
  })
})

describe('dispatch with a core that fails', () => {
  const validCall = fc.oneof(...METHOD_NAMES.map((method) => validArbitrary(methodInputs[method]).map((input) => ({ method, input }))))

  const terminalErrors = fc
    .record(
      {
        kind: fc.constantFrom('rejected', 'auth', 'network', 'timeout', 'rate-limited', 'server', 'outcome-unknown', 'internal', 'not-found'),
        code: fc.string({ minLength: 1, maxLength: 20 }),
        message: fc.string({ maxLength: 80 }),
        status: fc.integer({ min: 400, max: 599 }),
        retryAfterMs: fc.nat(),
        field: fc.string({ maxLength: 10 }),
      },
      { requiredKeys: ['kind', 'code', 'message'] },
    )
    .map((data) => new TerminalError(data as TerminalErrorData))

  const thrown = fc.oneof(
    terminalErrors.map((error) => ({ value: error as unknown, typed: true })),
    fc
      .constantFrom<unknown>(
        new Error('plain'),
        new TypeError('type'),
        'a string',
        undefined,
        null,
        0,
        Symbol('thrown'),
        Object.create(null),
        {
          toString: () => {
            throw new Error('no')
          },
        },
        { message: 'looks like an error' },
      )
      .map((value) => ({ value, typed: false })),
  )

  it('turns whatever the core throws or rejects with into an error envelope (1,000 cases)', async () => {
    await fc.assert(
      fc.asyncProperty(validCall, thrown, fc.constantFrom('reject', 'sync-throw', 'throwing-reporter'), async ({ method, input }, failure, how) => {
        fc.pre(verdict(method, input).success)
        const reported: TerminalError[] = []
        const core = {
          call: (() => {
            if (how === 'sync-throw') throw failure.value
            return Promise.reject(failure.value)
          }) as never,
        }
        const onInternalError = (error: TerminalError) => {
          reported.push(error)
          if (how === 'throwing-reporter') throw new Error('the logger is broken too')
        }
        const envelope = await within(createDispatch(core, onInternalError)(method, input))
        expect(envelope.ok).toBe(false)
        if (envelope.ok) return
        expect(terminalErrorDataSchema.safeParse(envelope.error).success).toBe(true)
        expect(JSON.parse(JSON.stringify(envelope.error))).toEqual(envelope.error)
        if (failure.typed) expect(envelope.error).toEqual((failure.value as TerminalError).toData())
        else expect(envelope.error).toMatchObject({ kind: 'internal', code: 'INTERNAL' })
        // Bugs are reported exactly once; answers from the exchange are not bugs.
        expect(reported.length).toBe(envelope.error.kind === 'internal' ? 1 : 0)
      }),
      { numRuns: 1_000 },
    )
  })

  it('answers bad input at once even when the core would never answer (1,000 cases)', async () => {
    const hanging = { call: (() => new Promise<never>(() => undefined)) as never }
    const dispatch = createDispatch(hanging)
    const anyCall = fc.oneof(...METHOD_NAMES.map((method) => payloadArbitrary(methodInputs[method]).map((input) => ({ method, input }))))
    let checked = 0
    await fc.assert(
      fc.asyncProperty(anyCall, async ({ method, input }) => {
        fc.pre(!verdict(method, input).success)
        checked += 1
        const envelope = await within(dispatch(method, input), 200)
        expect(envelope).toMatchObject({ ok: false, error: { code: 'INVALID_PAYLOAD' } })
      }),
      { numRuns: 1_000 },
    )
    expect(checked).toBeGreaterThan(300)
  })
})

describe('dispatch: cases the fuzzing found', () => {
  it('does not reflect a huge unknown key back in the error', async () => {
    const { core, calls } = recordingCore()
    const key = 'k'.repeat(100_000)
    const envelope = await createDispatch(core)('prefs.set', { [key]: 1 })
    expect(envelope.ok).toBe(false)
    if (envelope.ok) return
    expect(envelope.error.code).toBe('INVALID_PAYLOAD')
    expect(JSON.stringify(envelope.error).length).toBeLessThan(1_000)
    expect(calls).toEqual([])
  })

  it('calls a method name that is not a string unknown, even one that cannot be turned into text', async () => {
    const { core } = recordingCore()
    const envelope = await createDispatch(core)(Object.create(null) as string, undefined)
    expect(envelope).toMatchObject({ ok: false, error: { kind: 'validation', code: 'UNKNOWN_METHOD' } })
  })

  it('calls an input that throws while being read invalid input, not a bug', async () => {
    const { core, calls } = recordingCore()
    const reported: unknown[] = []
    const input = Object.defineProperty({}, 'theme', {
      enumerable: true,
      get() {
        throw new Error('getter')
      },
    })
    const envelope = await createDispatch(core, (e) => reported.push(e))('prefs.set', input)
    expect(envelope).toMatchObject({ ok: false, error: { kind: 'validation', code: 'INVALID_PAYLOAD' } })
    expect(reported).toEqual([])
    expect(calls).toEqual([])
  })

  it('still answers when the core throws an object that has no text form', async () => {
    const envelope = await createDispatch({ call: (async () => Promise.reject(Object.create(null))) as never })('app.info', undefined)
    expect(envelope).toMatchObject({ ok: false, error: { kind: 'internal', code: 'INTERNAL' } })
  })
})
