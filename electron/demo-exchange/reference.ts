// Reference data of the demo exchange: currencies and pairs with realistic precisions and bounds.
// Records carry an `id` (the specification's records do not) because fee rules filter by id.
import { Decimal } from '../domain/decimal'

export interface CurrencyInfo {
  id: number
  code: string
  sign: string
}

export interface PairInfo {
  id: number
  name: string
  base: string
  quote: string
  pricePrecision: number
  amountPrecision: number
  minSize: Decimal
  maxSize: Decimal
  minValue: Decimal
  /** Where the generated history starts; the market wanders around it. */
  basePrice: number
  /** Daily volatility of the simulated price (fraction). */
  dailyVol: number
  /** Typical value of one market-maker level, in the quote currency. */
  levelValue: number
}

export const CURRENCIES: readonly CurrencyInfo[] = [
  { id: 1, code: 'BTC', sign: '₿' },
  { id: 2, code: 'ETH', sign: 'Ξ' },
  { id: 3, code: 'USDT', sign: '₮' },
  { id: 4, code: 'LTC', sign: 'Ł' },
  { id: 5, code: 'XRP', sign: 'XRP' },
  { id: 6, code: 'DOGE', sign: 'Ð' },
  { id: 7, code: 'TRX', sign: 'TRX' },
  { id: 8, code: 'USDC', sign: '$' },
  // A token with 18 decimals and no pair: its balance is the test that the terminal keeps every digit.
  { id: 9, code: 'DAI', sign: '◈' },
]

function pair(
  id: number,
  name: string,
  pricePrecision: number,
  amountPrecision: number,
  minSize: string,
  maxSize: string,
  minValue: string,
  basePrice: number,
  dailyVol: number,
  levelValue: number,
): PairInfo {
  const [base, quote] = name.split('_') as [string, string]
  return {
    id,
    name,
    base,
    quote,
    pricePrecision,
    amountPrecision,
    minSize: new Decimal(minSize),
    maxSize: new Decimal(maxSize),
    minValue: new Decimal(minValue),
    basePrice,
    dailyVol,
    levelValue,
  }
}

export const PAIRS: readonly PairInfo[] = [
  pair(1, 'BTC_USDT', 2, 6, '0.00001', '100', '5', 65000, 0.03, 4000),
  pair(2, 'ETH_USDT', 2, 4, '0.0001', '1000', '5', 3200, 0.035, 3000),
  pair(3, 'ETH_BTC', 6, 4, '0.0001', '1000', '0.0001', 0.049, 0.02, 0.05),
  pair(4, 'LTC_USDT', 2, 3, '0.001', '10000', '5', 80, 0.04, 1500),
  pair(5, 'XRP_USDT', 4, 1, '1', '1000000', '5', 0.52, 0.045, 1500),
  pair(6, 'DOGE_USDT', 5, 0, '10', '5000000', '5', 0.12, 0.05, 1200),
  pair(7, 'TRX_USDT', 5, 0, '10', '5000000', '5', 0.12, 0.03, 1000),
  pair(8, 'USDC_USDT', 4, 2, '1', '1000000', '5', 1.0, 0.001, 5000),
]

export const PAIRS_BY_NAME: ReadonlyMap<string, PairInfo> = new Map(PAIRS.map((p) => [p.name, p]))
export const CURRENCIES_BY_CODE: ReadonlyMap<string, CurrencyInfo> = new Map(CURRENCIES.map((c) => [c.code, c]))

export function currencyJson(): string {
  return JSON.stringify(CURRENCIES.map((c) => ({ id: c.id, short_name: c.code, sign: c.sign })))
}

export function pairRecord(p: PairInfo): Record<string, unknown> {
  return {
    id: p.id,
    name: p.name,
    currency1: p.base,
    currency2: p.quote,
    price_precision: p.pricePrecision,
    amount_precision: p.amountPrecision,
    minimum_order_size: p.minSize.toNumber(),
    maximum_order_size: p.maxSize.toNumber(),
    minimum_order_value: p.minValue.toNumber(),
  }
}
