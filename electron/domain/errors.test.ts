import { describe, expect, it } from 'vitest'
import { mentionsCode, messageWithCode } from './errors'

describe('messageWithCode: the code once, after the words', () => {
  it.each([
    ['Amount too small', 'INVALID_QUANTITY', 'Amount too small (INVALID_QUANTITY)'],
    ['INVALID_QUANTITY: Amount too small', 'INVALID_QUANTITY', 'Amount too small (INVALID_QUANTITY)'],
    ['[INVALID_QUANTITY] Amount too small', 'INVALID_QUANTITY', 'Amount too small (INVALID_QUANTITY)'],
    ['Amount too small (INVALID_QUANTITY)', 'INVALID_QUANTITY', 'Amount too small (INVALID_QUANTITY)'],
    ['1003 - Invalid amount', '1003', 'Invalid amount (1003)'],
    ['', 'SOMETHING_NEW', 'SOMETHING_NEW'],
    ['INVALID_QUANTITY', 'INVALID_QUANTITY', 'INVALID_QUANTITY'],
  ])('%j with %s → %j', (message, code, shown) => expect(messageWithCode(message, code)).toBe(shown))

  it('is idempotent: a message given its code twice still shows it once', () => {
    const once = messageWithCode('INVALID_QUANTITY: Amount too small', 'INVALID_QUANTITY')
    expect(messageWithCode(once, 'INVALID_QUANTITY')).toBe(once)
  })
})

describe('mentionsCode', () => {
  it('finds the code as a word, not inside another word', () => {
    expect(mentionsCode('Amount too small (INVALID_QUANTITY)', 'INVALID_QUANTITY')).toBe(true)
    expect(mentionsCode('Amount too small', 'INVALID_QUANTITY')).toBe(false)
    expect(mentionsCode('Error 10035 happened', '1003')).toBe(false)
  })
})
