// The fee rule the order form's preview and checks use, resolved for a moving moment (see below).
import { computed, onScopeDispose, ref, watch } from 'vue'
import { nextRuleBoundary, resolveFeeRule } from '@domain/orders/fee-rules'
import { useAccountStore } from '../account/account'
import { useMarketStore } from '../market/market'
import { usePairsStore } from '../market/pairs'
import { useSessionStore } from '../session/session'

/** Called from the order form's store setup: its timer lives as long as the store. */
export function useOrderFeeRule() {
  const market = useMarketStore()
  const pairList = usePairsStore()
  const account = useAccountStore()
  const session = useSessionStore()

  // The moment the fee rule is resolved for. A rule whose window opens or closes while the form is
  // open changes the fee: a timer set for the next window bound moves this clock then (and at least
  // every minute, so a machine that slept catches up), and a submit moves it to the moment of sending.
  const feeClock = ref(Date.now())
  let feeTimer: ReturnType<typeof setTimeout> | null = null
  watch(
    [() => account.feeRules, feeClock],
    () => {
      if (feeTimer !== null) clearTimeout(feeTimer)
      const now = Date.now()
      const boundary = nextRuleBoundary(account.feeRules, feeClock.value)
      const wait = Math.min(60_000, Math.max(0, (boundary ?? Number.POSITIVE_INFINITY) - now))
      feeTimer = setTimeout(() => (feeClock.value = Date.now()), wait)
    },
    { immediate: true },
  )
  onScopeDispose(() => {
    if (feeTimer !== null) clearTimeout(feeTimer)
  })

  const feeRule = computed(() => {
    const p = market.selectedPair
    const accountId = session.accountId ?? account.accountId
    if (!p || accountId === null) return null
    const currencyIds = pairList.currencies.filter((c) => (c.short_name === p.currency1 || c.short_name === p.currency2) && typeof c.id === 'number').map((c) => c.id as number)
    return resolveFeeRule(account.feeRules, { accountId, pairId: p.id ?? null, currencyIds, at: new Date(feeClock.value) })
  })

  return { feeClock, feeRule }
}
