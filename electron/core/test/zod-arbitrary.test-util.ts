// fast-check arbitraries read off zod 4 schemas, for fuzzing the TerminalApi's payloads (dispatch and
// IPC fuzz tests). Two kinds per schema:
// - validArbitrary: values built to pass the schema (mostly: a custom refine or a trim-then-min-length
//   can still reject one; tests use the schema itself as the oracle, never the generator's intent);
// - mutantArbitrary: near misses: a valid value with one thing wrong (a field dropped, a field of the
//   wrong type, an extra or prototype-polluting key, a string too long, NaN / Infinity / -0, a huge
//   array, deep nesting, values no JSON or structured clone would carry).
// A schema node of a kind these files do not know throws at build time, so a new kind of input in
// api.ts makes the fuzz tests fail loudly instead of silently fuzzing less.
// The odd values live in zod-arbitrary.odd-values.test-util.ts, the schema reading and the valid
// values in zod-arbitrary.valid.test-util.ts; this file adds the near misses and the mix the tests use.
import fc from 'fast-check'
import { EXTRA_KEYS, SomeClass, deeplyNested, oddValue, withKey } from './zod-arbitrary.odd-values.test-util'
import { arrayBounds, checksOf, child, defOf, numberBounds, validArbitrary, validNumber, validString, type Def } from './zod-arbitrary.valid.test-util'

export { oddValue, validArbitrary }

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
    case 'nullable':
      return fc.oneof(mutantArbitrary(child(def.innerType, 'innerType')), fc.constant(undefined))
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
      const merged = fc.tuple(...options.map((o) => validArbitrary(o))).map((values) => Object.assign({}, ...values.filter((v) => typeof v === 'object' && v !== null)) as unknown)
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
        fc
          .tuple(
            base,
            fc.oneof(
              fc.constantFrom(...EXTRA_KEYS),
              fc.string({ minLength: 1, maxLength: 20 }),
              fc.integer({ min: 1, max: 100_000 }).map((n) => 'k'.repeat(n)),
            ),
            oddValue,
          )
          .map(([obj, key, value]) => withKey(obj, key, value)),
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
  return fc.oneof({ arbitrary: validArbitrary(schema), weight: 4 }, { arbitrary: mutantArbitrary(schema), weight: 5 }, { arbitrary: oddValue, weight: 1 })
}
