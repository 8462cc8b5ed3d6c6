// The drawings' kinds and their names, without zod: the window's first chunks and the Alerts tab
// name a drawing without loading the schemas (drawings.ts re-exports them).
export const DRAWING_KINDS = ['hline', 'ray', 'trendline', 'rect', 'fib', 'text', 'long', 'short'] as const
export type DrawingKind = (typeof DRAWING_KINDS)[number]

/** The kinds that are a line with a price at every time: the ones an alert can follow. */
export const LINE_KINDS = ['hline', 'ray', 'trendline'] as const satisfies readonly DrawingKind[]
export type LineKind = (typeof LINE_KINDS)[number]
export const isLineKind = (kind: DrawingKind): kind is LineKind => (LINE_KINDS as readonly DrawingKind[]).includes(kind)

/** Each kind's name as the Drawings list and a screen reader say it. */
export const DRAWING_NAMES: Record<DrawingKind, string> = {
  hline: 'Horizontal line',
  ray: 'Ray',
  trendline: 'Trend line',
  rect: 'Rectangle',
  fib: 'Fibonacci retracement',
  text: 'Text note',
  long: 'Long position',
  short: 'Short position',
}

/** How many points each kind has. A position tool's points are its entry and where its box ends. */
export const POINT_COUNTS: Record<DrawingKind, number> = { hline: 1, ray: 2, trendline: 2, rect: 2, fib: 2, text: 1, long: 2, short: 2 }
