// CSV for exports (orders, fills): RFC 4180 quoting, one header row, CRLF line ends, and protection
// against formula injection — a text cell that a spreadsheet would run as a formula (=, +, -, @, tab,
// CR at the start) gets a leading apostrophe. Numbers stay exactly the decimal text they are.
export type Cell = string | number | boolean | null | undefined

const NUMERIC = /^-?\d+(\.\d+)?$/
const FORMULA_START = /^[=+\-@\t\r]/

function cell(value: Cell): string {
  if (value === null || value === undefined) return ''
  let text = String(value)
  if (typeof value === 'string' && !NUMERIC.test(text) && FORMULA_START.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n'
}

/** A moment as ISO 8601 in UTC with milliseconds: "2024-01-31T12:00:00.000Z". */
export function isoUtc(ms: number | null | undefined): string {
  return ms === null || ms === undefined || !Number.isFinite(ms) ? '' : new Date(ms).toISOString()
}
