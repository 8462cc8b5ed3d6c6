// Seeded pseudo-random numbers: every price, size and key of the demo exchange comes from here, so one
// seed always produces the same market (tests and screenshots can rely on it).

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number
  /** Uniform in [lo, hi). */
  range(lo: number, hi: number): number
  /** Integer uniform in [lo, hi] (both inclusive). */
  int(lo: number, hi: number): number
  /** Standard normal (Box-Muller). */
  gauss(): number
}

/** FNV-1a over a string: turns (seed, stream name) into independent 32-bit starting states. */
function hash32(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/**
 * sfc32: small, fast and good enough for a simulated market. Each named stream is independent, so
 * adding a pair or a consumer does not shift the numbers every other stream sees.
 */
export function createRng(seed: number, stream: string): Rng {
  let a = hash32(`${seed}:a:${stream}`)
  let b = hash32(`${seed}:b:${stream}`)
  let c = hash32(`${seed}:c:${stream}`)
  let d = 1
  const nextU32 = (): number => {
    const t = (((a + b) | 0) + d) | 0
    d = (d + 1) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    c = (c + t) | 0
    return t >>> 0
  }
  for (let i = 0; i < 12; i++) nextU32() // warm up: the first outputs of sfc32 are correlated with the seed
  let spare: number | null = null
  const next = (): number => nextU32() / 4294967296
  return {
    next,
    range: (lo, hi) => lo + (hi - lo) * next(),
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    gauss: () => {
      if (spare !== null) {
        const value = spare
        spare = null
        return value
      }
      const u = 1 - next() // (0, 1]: log(0) would be -Infinity
      const v = next()
      const r = Math.sqrt(-2 * Math.log(u))
      spare = r * Math.sin(2 * Math.PI * v)
      return r * Math.cos(2 * Math.PI * v)
    },
  }
}
