// Every picture the README and docs/ show, written by `npm run screenshots` (docs.shots.ts and
// analysis.shots.ts): its file
// in docs/, its size, and what it shows. scripts/screenshots.test.ts holds the documents to this list.

export interface Picture {
  /** The file under docs/. */
  file: string
  width: number
  height: number
  /** What it shows, as docs/README.md lists it. */
  what: string
}

/** The size of every picture but the README's first. */
export const SIZE = { width: 1280, height: 720 } as const

export const PICTURES = [
  // The README's first picture keeps the size it had when it was made by hand.
  { file: 'screenshot.png', width: 1600, height: 1000, what: 'the trading window, dark theme' },
  { file: 'light-theme.png', ...SIZE, what: 'the trading window, light theme' },
  { file: 'depth.png', ...SIZE, what: 'the order book and a market order’s preview' },
  { file: 'tab-balances.png', ...SIZE, what: 'the Balances tab' },
  { file: 'tab-fees.png', ...SIZE, what: 'the Fee rules tab' },
  { file: 'tab-orders.png', ...SIZE, what: 'the Open orders tab' },
  { file: 'tab-history.png', ...SIZE, what: 'the Order history tab' },
  { file: 'tab-fills.png', ...SIZE, what: 'the Fills & P&L tab' },
  { file: 'tab-alerts.png', ...SIZE, what: 'the Alerts tab' },
  { file: 'tab-blotter.png', ...SIZE, what: 'the Blotter tab' },
  { file: 'portfolio.png', ...SIZE, what: 'the Portfolio tab' },
  { file: 'tab-limits.png', ...SIZE, what: 'the Limits tab' },
  { file: 'protect-form.png', ...SIZE, what: 'the protect form, filled in' },
  { file: 'positions-chart.png', ...SIZE, what: 'a protected position on the chart' },
  { file: 'positions.png', ...SIZE, what: 'the Positions tab: a position after its first target' },
  { file: 'charts.png', width: 1600, height: 1000, what: 'four charts in the 2×2 layout, each with its pair and interval, two linked in blue' },
  { file: 'ladder.png', width: 1600, height: 1000, what: 'the price ladder in the book’s place, with a buy and a sell of the trader’s on it' },
  { file: 'algos.png', ...SIZE, what: 'the Algos tab: an iceberg at work, one slice resting' },
  { file: 'drawings.png', ...SIZE, what: 'drawings on the chart (a trend line, a horizontal line, a Fibonacci retracement, a long position) and the Drawings list' },
] as const satisfies readonly Picture[]

export type PictureFile = (typeof PICTURES)[number]['file']
