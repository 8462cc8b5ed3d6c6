// Price steps: the tick from a pair's decimals, a grouping that must be a multiple of it, a price
// snapped down or up to a step, and whole steps away, all exact.
import { describe, expect, it } from 'vitest'
import { snapToStep, stepPlaces, stepsAway, tickOf, validStep } from './price-steps'

describe('price steps', () => {
  it('the tick is one unit of the last decimal', () => {
    expect(tickOf(2)).toBe('0.01')
    expect(tickOf(0)).toBe('1')
    expect(tickOf(8)).toBe('0.00000001')
  })

  it('a grouping is used only when it is a positive multiple of the tick', () => {
    expect(validStep(null, 2)).toBe('0.01')
    expect(validStep('10', 2)).toBe('10')
    expect(validStep('0.05', 2)).toBe('0.05')
    expect(validStep('0.005', 2)).toBe('0.01')
    expect(validStep('-1', 2)).toBe('0.01')
    expect(validStep('abc', 2)).toBe('0.01')
  })

  it('snaps down or up exactly, with no binary rounding', () => {
    expect(snapToStep('0.3', '0.1')).toBe('0.3')
    expect(snapToStep('69898.52', '10')).toBe('69890')
    expect(snapToStep('69898.52', '10', 'up')).toBe('69900')
    expect(snapToStep('0.00000007', '0.00000002', 'down')).toBe('0.00000006')
  })

  it('moves whole steps and writes the price with the places asked for', () => {
    expect(stepsAway('100.00', '0.01', 5)).toBe('100.05')
    expect(stepsAway('100', '10', -3, 2)).toBe('70.00')
    expect(stepPlaces('0.05')).toBe(2)
    expect(stepPlaces('10')).toBe(0)
  })
})
