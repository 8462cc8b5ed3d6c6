// The open orders table's column widths, from the texts its rows show and the width of its panel.
// The created time is a column of its own where the panel has room for every column with it; where
// it has not (1280×720, the tabs beside the trades), the time goes under the pair instead, so the
// table fits its panel and nothing sits under the pinned Cancel column.
import { CELL_PADDING_PX, MONO_CH_PX, monoCell, textCell } from '../../lib/table-widths'

/** What one row shows, as text. */
export interface OrderRowTexts {
  /** The created time as its own column shows it (HH:MM:SS today, date and HH:MM before). */
  time: string
  /** The created time as it shows under the pair (HH:MM:SS today, the date before). */
  stackedTime: string
  pair: string
  side: string
  type: string
  price: string
  stop: string | null
  amount: string
  filled: string
  status: string
  live: boolean
}

export interface OrderColumnWidths {
  /** null: no time column, the time is under the pair. */
  time: number | null
  pair: number
  side: number
  type: number
  price: number
  amount: number
  filled: number
  status: number
  actions: number
  total: number
}

/** The 11 px monospaced figures of the time under the pair, and the 11 px "stop " before a stop price. */
const SMALL_MONO_CH_PX = (MONO_CH_PX * 11) / 12
const STOP_LABEL_PX = 24
/** A small tag's padding around its text. */
const TAG_PADDING_PX = 16
/** A bell button, a 4 px gap and a Cancel button, tiny (naive-ui). */
const ACTIONS_PX = 100
const NO_ACTIONS_PX = 24

const longest = (texts: string[], least: number): number => Math.max(least, ...texts.map((t) => t.length))

export function orderColumnWidths(rows: OrderRowTexts[], panelWidth: number): OrderColumnWidths {
  const of = <K extends keyof OrderRowTexts>(key: K) => rows.map((r) => r[key])
  const stops = rows.flatMap((r) => (r.stop === null ? [] : [r.stop]))
  const rest = {
    side: textCell(longest(of('side'), 4)),
    type: textCell(longest(of('type'), 4)),
    price: Math.max(monoCell(longest(of('price'), 5)), stops.length > 0 ? CELL_PADDING_PX + STOP_LABEL_PX + MONO_CH_PX * longest(stops, 0) : 0),
    amount: monoCell(longest(of('amount'), 7)),
    filled: monoCell(longest(of('filled'), 7)),
    status: TAG_PADDING_PX + textCell(longest(of('status'), 4)),
    actions: rows.some((r) => r.live) ? ACTIONS_PX : NO_ACTIONS_PX,
  }
  const restTotal = Object.values(rest).reduce((a, b) => a + b, 0)
  const pair = textCell(longest(of('pair'), 4))
  const time = monoCell(longest(of('time'), 4))
  if (pair + time + restTotal <= panelWidth) return { time, pair, ...rest, total: pair + time + restTotal }
  // "Pair · time" over a pair and a time under it.
  // The header "Pair · time" is some 60 px of the UI font.
  const stackedPair = Math.max(pair, textCell(8), CELL_PADDING_PX + SMALL_MONO_CH_PX * longest(of('stackedTime'), 0))
  return { time: null, pair: stackedPair, ...rest, total: stackedPair + restTotal }
}
