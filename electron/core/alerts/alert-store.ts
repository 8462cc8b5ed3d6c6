// The alerts of every profile in <dataDir>/alerts.json: validated on read (a damaged file is moved
// aside and reported, never silently dropped), written atomically and in order. The core feeds it
// every last price and order update it sees; an alert that fires is marked fired on disk before it is
// announced, so it is shown once even if the terminal stops right after.
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { z } from 'zod'
import { alertDraftSchema, alertSchema, lineAlertFires, orderAlertFires, priceAlertFires, type Alert, type AlertDraft, type LineSighting, type OrderSeen } from '../../domain/alerts/alerts'
import type { LineDrawing } from '../../domain/drawings/drawings'
import { linePriceAt } from '../../domain/drawings/drawing-math'
import { TerminalError } from '../../domain/errors'
import { readJsonFile, writeJsonAtomic } from '../storage/atomic-file'

export const ALERTS_FILE = 'alerts.json'
export const alertsFileSchema = z.object({ version: z.literal(1), alerts: z.array(alertSchema) })
/** Fired and cancelled alerts kept for the history list, newest last. */
export const ALERT_HISTORY_KEPT = 200

/** The line a 'line' alert follows, as it is drawn now; null when the drawing is gone. */
export type LineOf = (profileId: string, drawingId: string) => Promise<LineDrawing | null>

export interface AlertStore {
  list(profileId: string): Promise<Alert[]>
  /** `line`: the drawing a 'line' draft follows (the caller has checked it is the profile's). */
  create(profileId: string, draft: AlertDraft, lastPrice: string | null, line?: LineDrawing): Promise<Alert>
  cancel(profileId: string, id: string): Promise<Alert>
  /** Cancels the active alerts that follow a drawing (it was deleted); how many. */
  cancelFollowing(profileId: string, drawingId: string): Promise<Alert[]>
  /**
   * A new last price of a pair on a profile; returns the alerts that fired (already saved as fired).
   * A 'line' alert compares it with its line's price at `at`, when the price was seen (default now),
   * read from `lineOf`; one whose drawing is gone is cancelled.
   */
  onPrice(profileId: string, pair: string, last: string, lineOf?: LineOf, at?: number): Promise<Alert[]>
  /** The account's orders as last seen; returns the 'order-filled' alerts that fired, each once. */
  onOrders(profileId: string, orders: readonly OrderSeen[]): Promise<Alert[]>
  /** A warning when the file was damaged and moved aside on load; null otherwise. */
  loadWarning(): string | null
}

export function createAlertStore(dataDir: string, now: () => number = Date.now): AlertStore {
  const path = join(dataDir, ALERTS_FILE)
  let alerts: Alert[] | null = null
  let warning: string | null = null
  let writing: Promise<void> = Promise.resolve()
  // The last price each profile's pair was seen at: where a 'cross' is measured from.
  const lastSeen = new Map<string, string>()
  // Each 'line' alert's last price and when: the line's price is read at that time.
  const lineSeen = new Map<string, { price: string; at: number }>()

  const levelAt = (line: LineDrawing, at: number): string | null => linePriceAt(line, at)?.toDecimalPlaces(18).toFixed() ?? null

  async function load(): Promise<Alert[]> {
    if (alerts) return alerts
    const read = await readJsonFile(path, alertsFileSchema, { maxVersion: 1 })
    if (read.status === 'corrupt') warning = `The alerts file was damaged (${read.reason}) and was set aside${read.backupPath ? ` as ${read.backupPath}` : ''}; no alerts are armed.`
    alerts = read.status === 'ok' ? read.value.alerts : []
    return alerts
  }

  function save(): Promise<void> {
    const active = alerts!.filter((a) => a.status === 'active')
    const done = alerts!.filter((a) => a.status !== 'active').slice(-ALERT_HISTORY_KEPT)
    alerts = [...active, ...done].sort((a, b) => a.createdAt - b.createdAt)
    const snapshot = { version: 1 as const, alerts }
    writing = writing.catch(() => undefined).then(() => writeJsonAtomic(path, snapshot))
    return writing
  }

  async function fire(matches: Alert[], firedBy: string): Promise<Alert[]> {
    if (matches.length === 0) return []
    for (const alert of matches) Object.assign(alert, { status: 'fired', firedAt: now(), firedBy })
    await save()
    return matches.map((a) => ({ ...a }))
  }

  return {
    async list(profileId) {
      return (await load()).filter((a) => a.profileId === profileId).map((a) => ({ ...a }))
    },
    async create(profileId, input, lastPrice, line) {
      const parsed = alertDraftSchema.safeParse(input)
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        throw new TerminalError({
          kind: 'validation',
          code: 'INVALID_ALERT',
          message: `The alert is not valid: ${issue?.path.join('.') || 'alert'}: ${issue?.message ?? 'bad input'}.`,
          field: issue?.path[0]?.toString(),
        })
      }
      // An 'above' alert at or under the last price is armed all the same: it fires at the next price.
      // The window warned the trader, who may want exactly that.
      const draft = parsed.data
      if (draft.kind === 'line' && (!line || line.id !== draft.drawingId)) {
        throw new TerminalError({ kind: 'validation', code: 'UNKNOWN_DRAWING', field: 'drawingId', message: 'There is no such line on this profile; nothing was set.' })
      }
      const list = await load()
      const alert: Alert = {
        id: randomUUID(),
        profileId,
        kind: draft.kind,
        pair: draft.pair,
        ...(draft.kind === 'order-filled'
          ? draft.orderId === undefined
            ? {}
            : { orderId: draft.orderId }
          : draft.kind === 'line'
            ? { drawingId: draft.drawingId, drawingKind: line!.kind, referenceAt: now() }
            : { price: draft.price }),
        ...(draft.note ? { note: draft.note } : {}),
        ...(lastPrice !== null && draft.kind !== 'order-filled' ? { reference: lastPrice } : {}),
        sound: draft.sound ?? false,
        createdAt: now(),
        status: 'active',
      }
      list.push(alert)
      if (lastPrice !== null) lastSeen.set(`${profileId}|${draft.pair}`, lastPrice)
      await save()
      return { ...alert }
    },
    async cancel(profileId, id) {
      const alert = (await load()).find((a) => a.id === id && a.profileId === profileId)
      if (!alert) throw new TerminalError({ kind: 'validation', code: 'UNKNOWN_ALERT', message: 'There is no such alert on this profile.' })
      if (alert.status === 'active') {
        alert.status = 'cancelled'
        await save()
      }
      return { ...alert }
    },
    async cancelFollowing(profileId, drawingId) {
      const following = (await load()).filter((a) => a.profileId === profileId && a.drawingId === drawingId && a.status === 'active')
      for (const alert of following) alert.status = 'cancelled'
      if (following.length > 0) await save()
      return following
    },
    async onPrice(profileId, pair, last, lineOf, seenAt) {
      const list = await load()
      const key = `${profileId}|${pair}`
      const candidates = list.filter((a) => a.profileId === profileId && a.pair === pair && a.status === 'active' && a.kind !== 'order-filled')
      const previousSeen = lastSeen.get(key) ?? null
      lastSeen.set(key, last)
      const matches = candidates.filter((a) => a.kind !== 'line' && priceAlertFires(a, previousSeen ?? a.reference ?? null, last))
      const at = seenAt ?? now()
      let gone = false
      for (const alert of candidates.filter((a) => a.kind === 'line')) {
        const line = lineOf ? await lineOf(profileId, alert.drawingId ?? '') : null
        if (!line) {
          alert.status = 'cancelled' // its drawing was deleted: nothing left to follow
          gone = true
          continue
        }
        const seen = lineSeen.get(alert.id) ?? (alert.reference !== undefined ? { price: alert.reference, at: alert.referenceAt ?? alert.createdAt } : null)
        lineSeen.set(alert.id, { price: last, at })
        const before: LineSighting | null = seen && { price: seen.price, level: levelAt(line, seen.at) }
        const level = levelAt(line, at)
        if (lineAlertFires(alert, before, { price: last, level })) {
          alert.price = level! // where the line stood when the price crossed it
          matches.push(alert)
        }
      }
      if (gone && matches.length === 0) await save()
      return fire(matches, last)
    },
    async onOrders(profileId, orders) {
      const list = await load()
      const fired: Alert[] = []
      // One order at a time: an alert fired by one order is no longer active for the next.
      for (const order of orders) {
        const matches = list.filter((a) => a.profileId === profileId && orderAlertFires(a, order))
        for (const alert of matches) if (alert.orderId === undefined) alert.filledOrderId = order.id
        fired.push(...(await fire(matches, order.status.toUpperCase())))
      }
      return fired
    },
    loadWarning: () => warning,
  }
}
