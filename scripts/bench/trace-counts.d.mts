// Types of trace-counts.mjs for the TypeScript that imports it (its test).
export interface StyleAndLayoutCounts {
  styleRecalcs: number
  elementsStyled: number
  layouts: number
  dirtyObjects: number
  fromDocument: number
}
export function styleAndLayoutCounts(events: ReadonlyArray<Record<string, unknown>>): StyleAndLayoutCounts
