// Values that are wrong for almost any field of a TerminalApi payload, for the fuzz tests' generators
// (zod-arbitrary.test-util.ts): other JSON types, values no JSON or structured clone would carry,
// hostile objects that throw when read, cycles, deep nesting, huge strings and arrays; and the keys
// that must never be taken as data.
import fc from 'fast-check'

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
  const badToString = {
    ...describe('object whose toString throws'),
    toString: () => {
      throw new Error('no string')
    },
    valueOf: () => {
      throw new Error('no value')
    },
  }
  return [throwing, proxy, badToString]
}

function circular(): unknown {
  const a: Record<string, unknown> = { name: 'loop' }
  a.self = a
  return a
}

export function deeplyNested(depth: number, key: string): unknown {
  let value: unknown = { leaf: true }
  for (let i = 0; i < depth; i += 1) value = { [key]: value }
  return value
}

export class SomeClass {
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
export const EXTRA_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'then', 'extra', '', ' ']

/** A copy of `obj` with one more own enumerable key (defineProperty, so `__proto__` is a real key). */
export function withKey(obj: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...obj }
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true })
  return copy
}
