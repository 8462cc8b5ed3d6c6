// Types of compare.mjs for the TypeScript that imports it (its test).
export interface BenchRow {
  id: string
  name: string
  value: number | null
  unit: string
  budget: { max?: number; min?: number; maxRatio?: number } | null
}
export interface ComparedRow {
  id: string
  name: string
  before: number | null
  now: number | null
  ratio: number | null
  worse: boolean
  note: string
}
export const WORSE_BY: number
export function compareRuns(before: { metrics: BenchRow[] }, now: { metrics: BenchRow[] }): ComparedRow[]
export function comparisonTable(rows: ComparedRow[], beforeWhen?: string, nowWhen?: string): string
