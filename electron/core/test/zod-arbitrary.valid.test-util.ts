// Reading zod 4 schemas (their internal definitions and checks), and fast-check generators of values
// built to pass them: validArbitrary, the valid half of zod-arbitrary.test-util.ts. A schema node or
// check of a kind this file does not know throws at build time (see zod-arbitrary.test-util.ts).
import fc from 'fast-check'

export interface Def {
  type: string
  shape?: Record<string, unknown>
  innerType?: unknown
  options?: unknown[]
  element?: unknown
  entries?: Record<string, string | number>
  values?: unknown[]
  checks?: Array<{ _zod: { def: CheckDef } }>
  in?: unknown
}

interface CheckDef {
  check: string
  format?: string
  pattern?: RegExp
  minimum?: number
  maximum?: number
  /** z.array().length(n): the length it must be. */
  length?: number
  value?: number
  inclusive?: boolean
}

export function defOf(schema: unknown): Def {
  const zod = (schema as { _zod?: { def?: Def } })._zod
  if (!zod?.def) throw new Error('not a zod 4 schema')
  return zod.def
}

export function checksOf(def: Def): CheckDef[] {
  return (def.checks ?? []).map((c) => c._zod.def)
}

export function child(value: unknown, what: string): unknown {
  if (value === undefined) throw new Error(`zod schema without ${what}`)
  return value
}

const whitespace = fc.constantFrom('', ' ', '  ', '\t', '\n', ' \u00a0')

export function validString(def: Def): fc.Arbitrary<string> {
  const checks = checksOf(def)
  let min = 0
  let max: number | undefined
  let pattern: RegExp | undefined
  let url = false
  /** A url check limited to other schemes than https (the live feed's wss/ws). */
  let urlProtocol: RegExp | undefined
  let trims = false
  for (const c of checks) {
    if (c.check === 'min_length' && c.minimum !== undefined) min = Math.max(min, c.minimum)
    else if (c.check === 'max_length' && c.maximum !== undefined) max = Math.min(max ?? Infinity, c.maximum)
    else if (c.check === 'string_format' && c.format === 'regex' && c.pattern) pattern = c.pattern
    else if (c.check === 'string_format' && c.format === 'url') {
      url = true
      urlProtocol = (c as { protocol?: RegExp }).protocol
    } else if (c.check === 'overwrite')
      trims = true // .trim(): surrounding whitespace is allowed
    else if (c.check === 'custom')
      continue // a refine: the schema decides
    else throw new Error(`zod-arbitrary: unknown string check ${c.check}/${c.format ?? ''}`)
  }
  let core: fc.Arbitrary<string>
  if (url && urlProtocol && !urlProtocol.test('https')) {
    // wss anywhere, ws to this computer only (as the feed URL's schema allows)
    core = fc.oneof(
      fc.webUrl({ validSchemes: ['https'] }).map((u) => u.replace(/^https:/, 'wss:')),
      fc.constantFrom('ws://127.0.0.1:8080/alp-ws', 'wss://exchange.example/alp-ws'),
    )
  } else if (url) {
    // https only: the base-URL schema allows plain http to loopback hosts alone (the constant covers that).
    core = fc.oneof(fc.webUrl({ validSchemes: ['https'], withQueryParameters: true, withFragments: true }), fc.constantFrom('http://127.0.0.1:8080/api/v3', 'https://exchange.example/api/v3'))
  } else if (pattern) {
    core = fc.stringMatching(pattern)
  } else {
    const upper = Math.min(max ?? 64, Math.max(min, 0) + 64)
    core = fc.oneof(fc.string({ minLength: min, maxLength: upper }), fc.string({ minLength: min, maxLength: upper, unit: 'grapheme' }), fc.string({ minLength: min, maxLength: upper, unit: 'binary' }))
  }
  if (trims) core = fc.tuple(whitespace, core, whitespace).map(([a, b, c]) => `${a}${b}${c}`)
  if (max !== undefined) {
    const limit = max
    core = core.filter((s) => (trims ? s.trim() : s).length <= limit)
  }
  return core
}

export function numberBounds(def: Def): { min: number; max: number; minExcluded: boolean; maxExcluded: boolean; int: boolean } {
  let min = -Number.MAX_VALUE
  let max = Number.MAX_VALUE
  let minExcluded = false
  let maxExcluded = false
  let int = false
  for (const c of checksOf(def)) {
    if (c.check === 'greater_than' && c.value !== undefined) {
      min = c.value
      minExcluded = c.inclusive === false
    } else if (c.check === 'less_than' && c.value !== undefined) {
      max = c.value
      maxExcluded = c.inclusive === false
    } else if (c.check === 'number_format' && (c.format === 'safeint' || c.format === 'int32')) int = true
    else throw new Error(`zod-arbitrary: unknown number check ${c.check}/${c.format ?? ''}`)
  }
  return { min, max, minExcluded, maxExcluded, int }
}

export function validNumber(def: Def): fc.Arbitrary<number> {
  const b = numberBounds(def)
  if (b.int) {
    const min = Math.max(Math.ceil(b.min + (b.minExcluded ? 1 : 0)), Number.MIN_SAFE_INTEGER)
    const max = Math.min(Math.floor(b.max - (b.maxExcluded ? 1 : 0)), Number.MAX_SAFE_INTEGER)
    return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max))
  }
  return fc.oneof(
    fc.double({ min: b.min, max: b.max, minExcluded: b.minExcluded, maxExcluded: b.maxExcluded, noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(...[b.minExcluded ? undefined : b.min, b.maxExcluded ? undefined : b.max].filter((v): v is number => v !== undefined)),
  )
}

export function arrayBounds(def: Def): { min: number; max: number | undefined } {
  let min = 0
  let max: number | undefined
  for (const c of checksOf(def)) {
    if (c.check === 'min_length' && c.minimum !== undefined) min = c.minimum
    else if (c.check === 'max_length' && c.maximum !== undefined) max = c.maximum
    else if (c.check === 'length_equals' && c.length !== undefined) min = max = c.length
    else throw new Error(`zod-arbitrary: unknown array check ${c.check}`)
  }
  return { min, max }
}

/** Values the schema should accept. */
export function validArbitrary(schema: unknown): fc.Arbitrary<unknown> {
  const def = defOf(schema)
  switch (def.type) {
    case 'undefined':
      return fc.constant(undefined)
    case 'boolean':
      return fc.boolean()
    case 'literal':
      return fc.constantFrom(...(child(def.values, 'values') as unknown[]))
    case 'enum':
      return fc.constantFrom(...Object.values(child(def.entries, 'entries') as Record<string, unknown>))
    case 'string':
      return validString(def)
    case 'number':
      return validNumber(def)
    case 'optional':
      return fc.option(validArbitrary(child(def.innerType, 'innerType')), { nil: undefined })
    case 'nullable':
      return fc.option(validArbitrary(child(def.innerType, 'innerType')), { nil: null })
    case 'array': {
      const { min, max } = arrayBounds(def)
      return fc.array(validArbitrary(child(def.element, 'element')), { minLength: min, maxLength: Math.min(max ?? 20, min + 20) })
    }
    case 'union':
      return fc.oneof(...(child(def.options, 'options') as unknown[]).map(validArbitrary))
    case 'pipe':
      return validArbitrary(child(def.in, 'in'))
    case 'object': {
      const shape = child(def.shape, 'shape') as Record<string, unknown>
      const model: Record<string, fc.Arbitrary<unknown>> = {}
      const required: string[] = []
      for (const [key, field] of Object.entries(shape)) {
        const fieldDef = defOf(field)
        if (fieldDef.type === 'optional') model[key] = validArbitrary(child(fieldDef.innerType, 'innerType'))
        else {
          model[key] = validArbitrary(field)
          required.push(key)
        }
      }
      return fc.record(model, { requiredKeys: required })
    }
    default:
      throw new Error(`zod-arbitrary: no generator for zod type '${def.type}'`)
  }
}
