// Finding and filling holes in a candle series.
//
// A hole is two consecutive candles more than one interval apart. It appears where two answers of the
// exchange meet: after sleep or an outage, on a stale cached start, or when a server answers `since`
// with its newest page instead of the oldest. It is filled by paging GET /charts with since/until
// before the series is merged, so nothing downstream ever sees a hole as if the series were whole.
//
// A market with no trade in an interval may have no candle for it (the specification does not say a
// server sends empty candles; the demo exchange does). So a span the server was asked for and
// answered without candles is recorded as known-empty and never asked for again; the same holds for a
// gap inside one answer, which the server sent in one piece (the feed records those of every page). What cannot be filled (the server
// ignored the bounds, or the request budget ran out) is cut off: the series restarts after the hole,
// and the caller is told to replace what it shows rather than merge into it.
import type { Candle } from '../../domain/wire/wire'

/** Times of missing candles, first and last bucket included. */
export interface Span {
  from: number
  to: number
}

/** Sorted by time, one candle per time (a later copy wins). */
export function mergeByTime(older: readonly Candle[], newer: readonly Candle[]): Candle[] {
  const byTime = new Map<number, Candle>()
  for (const c of older) byTime.set(c.time, c)
  for (const c of newer) byTime.set(c.time, c)
  return [...byTime.values()].sort((a, b) => a.time - b.time)
}

/** The missing spans between consecutive candles of a sorted series. */
export function gapsOf(candles: readonly Candle[], intervalSec: number): Span[] {
  const gaps: Span[] = []
  for (let i = 1; i < candles.length; i++) {
    const prev = candles[i - 1]!.time
    const next = candles[i]!.time
    // At least one whole interval between them: a server's uneven spacing is not a missing candle.
    if (next - prev >= 2 * intervalSec) gaps.push({ from: prev + intervalSec, to: next - intervalSec })
  }
  return gaps
}

/** The parts of `span` that no span of `known` covers. */
function subtract(span: Span, known: readonly Span[], intervalSec: number): Span[] {
  let pieces: Span[] = [span]
  for (const k of known) {
    if (k.to < span.from || k.from > span.to) continue
    pieces = pieces.flatMap((p) => {
      if (k.to < p.from || k.from > p.to) return [p]
      const out: Span[] = []
      if (k.from > p.from) out.push({ from: p.from, to: k.from - intervalSec })
      if (k.to < p.to) out.push({ from: k.to + intervalSec, to: p.to })
      return out
    })
  }
  return pieces
}

/** Adds spans to the known-empty memory, skipping those it already covers (a quiet market repeats them). */
export function rememberEmpty(knownEmpty: Span[], spans: readonly Span[], intervalSec: number): void {
  for (const span of spans) if (subtract(span, knownEmpty, intervalSec).length > 0) knownEmpty.push(span)
}

/** Holes of a sorted series: gaps not known to be empty, oldest first. */
export function findHoles(candles: readonly Candle[], intervalSec: number, knownEmpty: readonly Span[]): Span[] {
  return gapsOf(candles, intervalSec).flatMap((gap) => subtract(gap, knownEmpty, intervalSec))
}

export interface CandlePage {
  since: number
  until: number
  limit: number
}

export interface RepairOptions {
  /** GET /charts of the feed's pair and interval. */
  fetch: (page: CandlePage) => Promise<Candle[]>
  intervalSec: number
  /** How many candles the series keeps: holes older than that window are cut, not filled. */
  keep: number
  /** Requests allowed for one repair; what is left is cut. */
  maxRequests: number
  /** The most candles one request may ask for (the specification's limit maximum). */
  pageLimit: number
  /** Whether an error means the server will never answer such a request (a 400, a 404). */
  refusesPaging?: (error: unknown) => boolean
}

export interface RepairResult {
  /** The series, sorted, at most `keep` candles, with no hole left except known-empty spans. */
  candles: Candle[]
  /** Candles fetched to fill holes (the caller shows them too). */
  filled: Candle[]
  /** Older candles were dropped at a hole that could not be filled: replace, do not merge. */
  cut: boolean
  requests: number
}

/**
 * Fills the holes of a sorted series, newest first, as far back as the kept window reaches.
 * `knownEmpty` is the caller's memory of confirmed-empty spans; spans this repair confirms are added.
 */
export async function repairCandles(series: readonly Candle[], knownEmpty: Span[], options: RepairOptions): Promise<RepairResult> {
  const { intervalSec: iv, keep } = options
  let candles = [...series]
  const filled: Candle[] = []
  let cut = false
  let requests = 0
  for (;;) {
    const hole = findHoles(candles, iv, knownEmpty).pop()
    if (hole === undefined) break
    const after = candles.filter((c) => c.time > hole.to)
    // Filling only the part the window will keep: the candles after the hole count against it.
    const need = keep - after.length
    if (need <= 0 || requests >= options.maxRequests) {
      cut = true
      candles = after
      break
    }
    const from = Math.max(hole.from, hole.to - (Math.min(need, options.pageLimit) - 1) * iv)
    const limit = Math.floor((hole.to - from) / iv) + 1
    let page: Candle[]
    try {
      page = await options.fetch({ since: from, until: hole.to, limit })
    } catch (error) {
      // A server that refuses the paging request for good cannot fill the hole; anything else
      // (the network) is thrown, and the next poll tries again from the same series.
      if (!options.refusesPaging?.(error)) throw error
      cut = true
      candles = after
      break
    }
    requests++
    const inSpan = page.filter((c) => c.time >= from && c.time <= hole.to).sort((a, b) => a.time - b.time)
    if (inSpan.length === 0) {
      // An empty answer confirms the span empty; candles only outside it mean the server ignored the
      // bounds, and its silence about the span proves nothing: that hole cannot be filled.
      if (page.length === 0) {
        rememberEmpty(knownEmpty, [{ from, to: hole.to }], iv)
        continue
      }
      cut = true
      candles = after
      break
    }
    // Gaps inside the answer are the server's word (one piece); its edges may be a page cut short
    // by a server-side cap, so they stay holes and the next round asks for them alone.
    filled.push(...inSpan)
    rememberEmpty(knownEmpty, gapsOf(inSpan, iv), iv)
    candles = mergeByTime(candles, inSpan)
  }
  if (candles.length > keep) candles = candles.slice(-keep)
  // Spans before the series' start will never be asked about again.
  const first = candles[0]?.time ?? Infinity
  for (let i = knownEmpty.length - 1; i >= 0; i--) if (knownEmpty[i]!.to < first) knownEmpty.splice(i, 1)
  return { candles, filled: filled.filter((c) => c.time >= first), cut, requests }
}
