// fast-check arbitraries read off zod 4 schemas, for fuzzing the TerminalApi's payloads (dispatch and
// IPC fuzz tests). Two kinds per schema:
// - validArbitrary: values built to pass the schema (mostly: a custom refine or a trim-then-min-length
//   can still reject one; tests use the schema itself as the oracle, never the generator's intent);
// - mutantArbitrary: near misses: a valid value with one thing wrong (a field dropped, a field of the
//   wrong type, an extra or prototype-polluting key, a string too long, NaN / Infinity / -0, a huge
//   array, deep nesting, values no JSON or structured clone would carry).
// A schema node of a kind this file does not know throws at build time, so a new kind of input in
// api.ts makes the fuzz tests fail loudly instead of silently fuzzing less.
import fc from 'fast-check'

interface Def {
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
  value?: number
  inclusive?: boolean
}

function defOf(schema: unknown): Def {
  const zod = (schema as { _zod?: { def?: Def } })._zod
  if (!zod?.def) throw new Error('not a zod 4 schema')
  return zod.def
}

function checksOf(def: Def): CheckDef[] {
  return (def.checks ?? []).map((c) => c._zod.def)
}

function child(value: unknown, what: string): unknown {
  if (value === undefined) throw new Error(`zod schema without ${what}`)
  return value
}

// ---- Odd values ------------------------------------------------------------------------------------

/** An object that throws as soon as anything reads it: a proxy and a throwing getter. */
function hostileObjects(): unknown[] {
  // fast-check prints failing values; fc.toStringMethod lets it describe these without tripping them.
  const describe = (name: string) => ({ [fc.toStringMethod]: () => name })
  const throwing = Object.defineProperty(describe('object with a throwing getter'), 'x', {
    enumerable: true,
    get() {
      throw new Error('getter says no')
    },
  })
  const proxy = new Proxy(describe('hostile proxy'), {
      get(target, key) {
        if (typeof key === 'symbol') return Reflect.get(target, key)
        throw new Error('proxy get')
      },
      ownKeys() {
        throw new Error('proxy keys')
      },
      getPrototypeOf() {
        throw new Error('proxy prototype')
      },
    })
  const badToString = { ...describe('object whose toString throws'), toString: () => { throw new Error('no string') }, valueOf: () => { throw new Error('no value') } }
  return [throwing, proxy, badToString]
}

function circular(): unknown {
  const a: Record<string, unknown> = { name: 'loop' }
  a.self = a
  return a
}

function deeplyNested(depth: number, key: string): unknown {
  let value: unknown = { leaf: true }
  for (let i = 0; i < depth; i += 1) value = { [key]: value }
  return value
}

class SomeClass {
  constructor(readonly pair = 'BTC_USDT') {}
}

/** Values that are wrong for almost any field: other JSON types, non-JSON values, exotic objects. */
export const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    undefined,
    true,
    false,
    0,
    -0,
    1,
    -1,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    2 ** 53,
    '',
    ' ',
    '\u0000',
    '\ud800',
    'null',
    'undefined',
    'true',
    '1',
    'NaN',
    '__proto__',
    [],
    [null],
    {},
    10n,
    Symbol('s'),
    () => 1,
    new Date(0),
    new Date(Number.NaN),
    /regex/g,
    new Map([['pair', 'BTC_USDT']]),
    new Set([1]),
    new Uint8Array([1, 2, 3]),
    new ArrayBuffer(8),
    new Error('an error'),
    new SomeClass(),
    Object.create(null),
    JSON.parse('{"__proto__": {"polluted": true}}'),
    { constructor: { prototype: { polluted: true } } },
    ...hostileObjects(),
  ),
  fc.constant(null).map(() => circular()),
  fc.integer({ min: 100, max: 3_000 }).map((depth) => deeplyNested(depth, 'a')),
  fc.integer({ min: 1_000, max: 100_000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 1_000, max: 50_000 }).map((n) => new Array<number>(n).fill(1)),
  fc.anything({
    withBigInt: true,
    withBoxedValues: true,
    withDate: true,
    withMap: true,
    withSet: true,
    withNullPrototype: true,
    withObjectString: true,
    withSparseArray: true,
    withTypedArray: true,
    withUnicodeString: true,
  }),
)

/** Keys that must never be taken as data, some of which pollute prototypes when copied naively. */
const EXTRA_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'then', 'extra', '', ' ']

/** A copy of `obj` with one more own enumerable key (defineProperty, so `__proto__` is a real key). */
function withKey(obj: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...obj }
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true })
  return copy
}

// ---- Valid values -----------------------------------------------------------------------------------

const whitespace = fc.constantFrom('', ' ', '  ', '\t', '\n', ' \u00a0')

function validString(def: Def): fc.Arbitrary<string> {
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
    }
    else if (c.check === 'overwrite') trims = true // .trim(): surrounding whitespace is allowed
    else if (c.check === 'custom') continue // a refine: the schema decides
    else throw new Error(`zod-arbitrary: unknown string check ${c.check}/${c.format ?? ''}`)
  }
  let core: fc.Arbitrary<string>
  if (url && urlProtocol && !urlProtocol.test('https')) {
    // wss anywhere, ws to this computer only (as the feed URL's schema allows)
    core = fc.oneof(fc.webUrl({ validSchemes: ['https'] }).map((u) => u.replace(/^https:/, 'wss:')), fc.constantFrom('ws://127.0.0.1:8080/alp-ws', 'wss://exchange.example/alp-ws'))
  } else if (url) {
    // https only: the base-URL schema allows plain http to loopback hosts alone (the constant covers that).
    core = fc.oneof(fc.webUrl({ validSchemes: ['https'], withQueryParameters: true, withFragments: true }), fc.constantFrom('http://127.0.0.1:8080/api/v3', 'https://exchange.example/api/v3'))
  } else if (pattern) {
    core = fc.stringMatching(pattern)
  } else {
    const upper = Math.min(max ?? 64, Math.max(min, 0) + 64)
    core = fc.oneof(
      fc.string({ minLength: min, maxLength: upper }),
      fc.string({ minLength: min, maxLength: upper, unit: 'grapheme' }),
      fc.string({ minLength: min, maxLength: upper, unit: 'binary' }),
    )
  }
  if (trims) core = fc.tuple(whitespace, core, whitespace).map(([a, b, c]) => `${a}${b}${c}`)
  if (max !== undefined) {
    const limit = max
    core = core.filter((s) => (trims ? s.trim() : s).length <= limit)
  }
  return core
}

function numberBounds(def: Def): { min: number; max: number; minExcluded: boolean; maxExcluded: boolean; int: boolean } {
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

function validNumber(def: Def): fc.Arbitrary<number> {
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

function arrayBounds(def: Def): { min: number; max: number | undefined } {
  let min = 0
  let max: number | undefined
  for (const c of checksOf(def)) {
    if (c.check === 'min_length' && c.minimum !== undefined) min = c.minimum
    else if (c.check === 'max_length' && c.maximum !== undefined) max = c.maximum
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

// ---- Near misses -----------------------------------------------------------------------------------

function stringMutants(def: Def): fc.Arbitrary<unknown> {
  const checks = checksOf(def)
  const max = checks.find((c) => c.check === 'max_length')?.maximum
  const valid = validString(def)
  const variants: fc.Arbitrary<unknown>[] = [
    fc.constantFrom('', ' ', '\u0000', '\ud800', 'a\u0000b', '\u202e', '🙂'.repeat(40)),
    valid.map((s) => s.toLowerCase()),
    valid.map((s) => `${s}_`),
    valid.map((s) => `-${s}`),
    valid.map((s) => `${s}\u0000`),
    valid.map((s) => s.slice(0, Math.max(0, s.length - 1))),
    fc.integer({ min: 1_000, max: 100_000 }).map((n) => 'A'.repeat(n)),
    fc.string({ unit: 'binary', maxLength: 80 }),
  ]
  if (max !== undefined) variants.push(valid.chain((s) => fc.integer({ min: max + 1 - s.length, max: max + 40 }).map((n) => s + 'Z'.repeat(Math.max(1, n)))))
  return fc.oneof(...variants)
}

function numberMutants(def: Def): fc.Arbitrary<unknown> {
  const b = numberBounds(def)
  const edges: unknown[] = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0, 2 ** 53, -(2 ** 53), Number.MAX_VALUE, -Number.MAX_VALUE, Number.EPSILON]
  if (b.min > -Number.MAX_VALUE) edges.push(b.min - 1, b.min - Number.EPSILON * Math.max(1, Math.abs(b.min)) * 4, b.min - 0.5)
  if (b.max < Number.MAX_VALUE) edges.push(b.max + 1, b.max + 0.5, b.max * 2 + 1)
  if (b.int) edges.push(0.5, 1.5, 1e-9)
  return fc.oneof(
    fc.constantFrom(...edges),
    validNumber(def).map((n) => String(n)),
    validNumber(def).map((n) => [n]),
    fc.double(),
  )
}

/** Values that are nearly right for the schema, and mostly rejected by it. */
export function mutantArbitrary(schema: unknown): fc.Arbitrary<unknown> {
  const def = defOf(schema)
  const wrong = oddValue
  switch (def.type) {
    case 'undefined':
      return wrong
    case 'boolean':
      return fc.oneof(fc.constantFrom('true', 'false', 1, 0, null, 'yes', [true]), wrong)
    case 'literal':
    case 'enum': {
      const values = def.type === 'literal' ? (child(def.values, 'values') as unknown[]) : Object.values(child(def.entries, 'entries') as Record<string, unknown>)
      return fc.oneof(
        fc.constantFrom(...values).map((v) => (typeof v === 'string' ? v.toLowerCase() : String(v))),
        fc.constantFrom(...values).map((v) => (typeof v === 'string' ? ` ${v}` : v === true ? 1 : v)),
        fc.constantFrom(...values).map((v) => [v]),
        wrong,
      )
    }
    case 'string':
      return fc.oneof({ arbitrary: stringMutants(def), weight: 3 }, { arbitrary: wrong, weight: 1 })
    case 'number':
      return fc.oneof({ arbitrary: numberMutants(def), weight: 3 }, { arbitrary: wrong, weight: 1 })
    case 'optional':
      return fc.oneof(mutantArbitrary(child(def.innerType, 'innerType')), fc.constant(null))
    case 'pipe':
      return mutantArbitrary(child(def.in, 'in'))
    case 'array': {
      const element = child(def.element, 'element')
      const { max } = arrayBounds(def)
      return fc.oneof(
        fc.constant([]),
        // A huge array of good elements: over the limit, and big enough to notice if it were walked slowly.
        fc.tuple(validArbitrary(element), fc.integer({ min: (max ?? 100) + 1, max: 50_000 })).map(([v, n]) => new Array<unknown>(n).fill(v)),
        fc.tuple(fc.array(validArbitrary(element), { minLength: 1, maxLength: 5 }), mutantArbitrary(element)).map(([list, bad]) => [...list, bad]),
        fc.array(validArbitrary(element), { minLength: 1, maxLength: 5 }).map((list) => {
          const sparse = [...list]
          sparse.length += 3 // holes
          return sparse
        }),
        fc.array(validArbitrary(element), { minLength: 1, maxLength: 5 }).map((list) => Object.assign({}, list)),
        wrong,
      )
    }
    case 'union': {
      const options = child(def.options, 'options') as unknown[]
      const merged = fc
        .tuple(...options.map((o) => validArbitrary(o)))
        .map((values) => Object.assign({}, ...values.filter((v) => typeof v === 'object' && v !== null)) as unknown)
      return fc.oneof(...options.map(mutantArbitrary), merged)
    }
    case 'object': {
      const shape = child(def.shape, 'shape') as Record<string, unknown>
      const keys = Object.keys(shape)
      const required = keys.filter((k) => defOf(shape[k]).type !== 'optional')
      const base = validArbitrary(schema) as fc.Arbitrary<Record<string, unknown>>
      const variants: fc.Arbitrary<unknown>[] = [
        // one field of the wrong kind (recursively: a nested object gets its own near miss)
        fc.constantFrom(...keys).chain((key) => fc.tuple(base, mutantArbitrary(shape[key])).map(([obj, bad]) => ({ ...obj, [key]: bad }))),
        // an extra key, prototype-polluting ones included
        fc.tuple(base, fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ minLength: 1, maxLength: 20 }), fc.integer({ min: 1, max: 100_000 }).map((n) => 'k'.repeat(n))), oddValue).map(([obj, key, value]) =>
          withKey(obj, key, value),
        ),
        // the same fields on an object without a prototype, or on a class instance
        base.map((obj) => Object.assign(Object.create(null) as Record<string, unknown>, obj)),
        base.map((obj) => Object.assign(new SomeClass(), obj)),
        // the whole value wrapped or replaced
        base.map((obj) => [obj]),
        base.map((obj) => JSON.stringify(obj) ?? ''),
        fc.integer({ min: 1, max: 2_000 }).map((depth) => deeplyNested(depth, keys[0] ?? 'a')),
        wrong,
      ]
      if (required.length > 0) {
        variants.push(
          fc.constantFrom(...required).chain((key) =>
            base.map((obj) => {
              const copy = { ...obj }
              delete copy[key]
              return copy
            }),
          ),
        )
      }
      return fc.oneof(...variants)
    }
    default:
      throw new Error(`zod-arbitrary: no mutator for zod type '${def.type}'`)
  }
}

/** Valid values, near misses and anything at all, in the proportions the fuzz tests use. */
export function payloadArbitrary(schema: unknown): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: validArbitrary(schema), weight: 4 },
    { arbitrary: mutantArbitrary(schema), weight: 5 },
    { arbitrary: oddValue, weight: 1 },
  )
}
