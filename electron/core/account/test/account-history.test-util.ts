// A history session over a fake exchange client: what each history endpoint answers, and every query
// asked of it in order (orders, fills and wallet activity alike, tagged by endpoint).
import type { ExchangeClient, HistoryQuery } from '../../exchange/client'
import type { HistorySession } from '../account-history'
import type { FillRecord, OrderRecord, WalletMotion } from '../../../domain/wire/wire'

export type AskedQuery = HistoryQuery & { endpoint: 'orders' | 'trades' | 'activity'; currency?: string }

export interface FakeHistory {
  orders?: (q: HistoryQuery) => OrderRecord[]
  fills?: (q: HistoryQuery) => FillRecord[]
  activity?: (q: HistoryQuery & { currency: string }) => WalletMotion[]
}

export function fakeSession(over: Partial<HistorySession> & FakeHistory): { session: HistorySession; asked: AskedQuery[] } {
  const asked: AskedQuery[] = []
  const client = {
    accountOrders: async (q: HistoryQuery) => {
      asked.push({ ...q, endpoint: 'orders' })
      return over.orders?.(q) ?? []
    },
    accountTrades: async (q: HistoryQuery) => {
      asked.push({ ...q, endpoint: 'trades' })
      return over.fills?.(q) ?? []
    },
    accountActivity: async (q: HistoryQuery & { currency: string }) => {
      asked.push({ ...q, endpoint: 'activity' })
      return over.activity?.(q) ?? []
    },
  } as unknown as ExchangeClient
  const { orders: _o, fills: _f, activity: _a, ...rest } = over
  const session: HistorySession = { client, active: { accountId: 7 }, accountId: 7, switchGeneration: 1, signal: new AbortController().signal, ...rest }
  return { session, asked }
}
