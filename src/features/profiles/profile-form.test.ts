// The profile form's feed URL field: the core's own rules, said on the field; empty means "beside the base URL".
import { describe, expect, it } from 'vitest'
import { FEED_URL_MESSAGES } from '@domain/origin'
import { emptyProfileForm, profilePatch, validateProfileField } from './profile-form'

const values = (feedUrl: string) => ({ ...emptyProfileForm(), name: 'Desk', baseUrl: 'https://exchange.example/api/v3', feedUrl })

describe('the feed URL field', () => {
  it('accepts empty (the default feed) and wss, refuses plain ws off this computer and other schemes', () => {
    expect(validateProfileField('feedUrl', values(''), 'create')).toBeNull()
    expect(validateProfileField('feedUrl', values('wss://exchange.example/alp-ws'), 'create')).toBeNull()
    expect(validateProfileField('feedUrl', values('ws://exchange.example/alp-ws'), 'create')).toBe(FEED_URL_MESSAGES.plainWs)
    expect(validateProfileField('feedUrl', values('https://exchange.example/alp-ws'), 'create')).toMatch(/wss:/)
  })

  it('sends a changed feed URL, and an emptied one as "back to the default"', () => {
    const original = { name: 'Desk', baseUrl: 'https://exchange.example/api/v3', feedUrl: 'wss://exchange.example/ws' }
    expect(profilePatch('p1', values('wss://exchange.example/alp-ws'), original)).toEqual({ id: 'p1', feedUrl: 'wss://exchange.example/alp-ws' })
    expect(profilePatch('p1', values(''), original)).toEqual({ id: 'p1', feedUrl: '' })
    expect(profilePatch('p1', values('wss://exchange.example/ws'), original)).toBeNull()
  })
})
