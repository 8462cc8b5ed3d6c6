// Price steps: a pair's tick (one unit of its last price decimal), a row grouping that is a multiple of
// it (the ladder's choices are auto-step.ts's stepChoices), a price snapped to a step, and a price whole steps
// away. The price ladder's rows and its orders' prices come from here. Pure and exact (decimal.js).
import { Decimal } from '../decimal'

/** The pair's tick: one unit of its last price decimal ("0.01" for 2 places). */
export function tickOf(pricePrecision: number): string {
  return new Decimal(1).div(new Decimal(10).pow(pricePrecision)).toFixed()
}

/** Decimals a price of this step is written with: those of the step, or none. */
export function stepPlaces(step: string): number {
  return Math.max(0, new Decimal(step).decimalPlaces())
}

/** The step at or below (`down`) or at or above (`up`) a price, as canonical text. */
export function snapToStep(price: string | Decimal, step: string, way: 'down' | 'up' = 'down'): string {
  const ratio = new Decimal(price).div(step)
  return (way === 'up' ? ratio.ceil() : ratio.floor()).mul(step).toFixed()
}

/** The steps a grouping choice may be: a positive multiple of the tick (else the tick). */
export function validStep(choice: string | null, pricePrecision: number): string {
  const tick = tickOf(pricePrecision)
  if (!choice) return tick
  try {
    const value = new Decimal(choice)
    if (value.gt(0) && value.mod(tick).isZero()) return value.toFixed()
  } catch {
    // not a number: the tick
  }
  return tick
}

/** A price moved by whole steps (the keyboard cursor, the stop-limit's limit). */
export function stepsAway(price: string, step: string, steps: number, places = stepPlaces(step)): string {
  return new Decimal(price).add(new Decimal(step).mul(steps)).toFixed(places)
}
