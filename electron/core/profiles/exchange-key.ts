// The one place that says which exchange a profile's accounts live on, as everything kept per
// exchange is keyed: the risk limits (storage/risk-limits-store.ts), the equity history
// (portfolio/equity-store.ts) and the all-accounts views that tell accounts apart by it. A real
// exchange is its base URL's origin (account ids are unique within one exchange only). The embedded
// demo exchange listens on whatever loopback port is free at each launch, yet it is one exchange:
// its profiles are keyed `demo`, so what was kept for it is still there after a restart on another port.
import { exchangeOf } from '../../domain/origin'

/** The key of the embedded demo exchange, whatever port it listens on this launch. */
export const EMBEDDED_DEMO_EXCHANGE = 'demo'

/** `https://exchange.example` for a real exchange's profile (or a bare URL), `demo` for the embedded demo's. */
export function exchangeKeyOf(profile: { baseUrl: string; isDemo?: boolean | undefined }): string {
  return profile.isDemo === true ? EMBEDDED_DEMO_EXCHANGE : exchangeOf(profile.baseUrl)
}
