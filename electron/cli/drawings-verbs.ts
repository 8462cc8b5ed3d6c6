// `drawings --pair P` and `alerts`: a profile's drawings on a pair, and its alerts with the drawing
// each 'line' alert follows, read from the files the window's core keeps in the data directory
// (core/drawings/drawing-store.ts, core/alerts/alert-store.ts). Read only: a damaged file is reported
// and left where it is for the core to set aside (it owns the file), never rewritten from here.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { z } from 'zod'
import { TerminalError } from '../domain/errors'
import { DRAWING_NAMES, isLineKind, type Drawing, type LineDrawing } from '../domain/drawings/drawings'
import { fibLevels, linePriceAt, positionFigures } from '../domain/drawings/drawing-math'
import { DRAWINGS_FILE, drawingsFileSchema } from '../core/drawings/drawing-store'
import { ALERTS_FILE, alertsFileSchema } from '../core/alerts/alert-store'
import { createProfileStore } from '../core/profiles/profile-store'
import { peekJsonFile } from '../core/storage/atomic-file'
import { resolveDataDir } from '../core/storage/data-dir'
import { UsageError, text, type ParsedArgs } from './args'
import type { CliIo } from './io'

type DrawingsIo = Pick<CliIo, 'env' | 'now' | 'resolveProfile'>

const dataDirOf = (io: DrawingsIo) => resolveDataDir({ env: { ...io.env } as NodeJS.ProcessEnv, create: false })

/** Whose drawings: --profile NAME (or id), else the profile the app last made active. */
async function profileOf(flags: ParsedArgs['flags'], io: DrawingsIo, dataDir: string): Promise<{ id: string; name: string }> {
  const named = text(flags, 'profile')
  if (named !== undefined) {
    if (!io.resolveProfile) throw new TerminalError({ kind: 'not-found', code: 'PROFILES_UNAVAILABLE', message: 'Profiles are not available in this build of the CLI.' })
    return { id: (await io.resolveProfile(named)).id ?? named, name: named }
  }
  const store = createProfileStore(dataDir)
  await store.load()
  const active = store.activeId()
  const record = active === null ? null : store.get(active)
  if (!record) throw new UsageError('No profile is active in this data directory: name one with --profile NAME.')
  return { id: record.id, name: record.name }
}

/** A file of the core's, read without touching it: missing is empty, damaged is an error in words. */
async function readCoreFile<S extends z.ZodType>(dataDir: string, file: string, schema: S, what: string): Promise<z.output<S> | null> {
  const path = join(dataDir, file)
  if (!existsSync(path)) return null
  const value = await peekJsonFile(path, schema)
  if (value === null) {
    throw new TerminalError({
      kind: 'storage',
      code: 'FILE_UNREADABLE',
      message: `The ${what} file ${path} cannot be read (damaged, or from a newer release); the app sets a damaged one aside and says so when it starts. Nothing was changed.`,
    })
  }
  return value
}

/** A drawing as printed: its words, its points, and what is figured from it. */
function printed(drawing: Drawing, at: number): Record<string, unknown> {
  const base = { ...drawing, name: DRAWING_NAMES[drawing.kind], points: drawing.points.map((p) => ({ ...p, at: new Date(p.time).toISOString() })) }
  if (isLineKind(drawing.kind))
    return {
      ...base,
      priceNow:
        linePriceAt(drawing as LineDrawing, at)
          ?.toDecimalPlaces(18)
          .toFixed() ?? null,
    }
  if (drawing.kind === 'fib') return { ...base, levels: fibLevels(drawing.points) }
  if (drawing.kind === 'long' || drawing.kind === 'short') return { ...base, figures: positionFigures(drawing) }
  return base
}

export async function runDrawings(args: ParsedArgs, io: DrawingsIo): Promise<Record<string, unknown>> {
  const pair = text(args.flags, 'pair')?.toUpperCase()
  if (!pair) throw new UsageError('drawings needs --pair, like --pair BTC_USDT.')
  const dataDir = dataDirOf(io)
  const profile = await profileOf(args.flags, io, dataDir)
  const file = await readCoreFile(dataDir, DRAWINGS_FILE, drawingsFileSchema, 'drawings')
  const alerts = (await readCoreFile(dataDir, ALERTS_FILE, alertsFileSchema, 'alerts'))?.alerts ?? []
  const at = io.now?.() ?? Date.now()
  const drawings = (file?.drawings ?? []).filter((s) => s.profileId === profile.id && s.drawing.pair === pair)
  return {
    profile,
    pair,
    drawings: drawings.map((s) => ({
      ...printed(s.drawing, at),
      savedAt: new Date(s.savedAt).toISOString(),
      alerts: alerts.filter((a) => a.profileId === profile.id && a.drawingId === s.drawing.id && a.status === 'active').map((a) => a.id),
    })),
  }
}

export async function runAlerts(args: ParsedArgs, io: DrawingsIo): Promise<Record<string, unknown>> {
  const dataDir = dataDirOf(io)
  const profile = await profileOf(args.flags, io, dataDir)
  const alerts = ((await readCoreFile(dataDir, ALERTS_FILE, alertsFileSchema, 'alerts'))?.alerts ?? []).filter((a) => a.profileId === profile.id)
  const drawings = (await readCoreFile(dataDir, DRAWINGS_FILE, drawingsFileSchema, 'drawings'))?.drawings ?? []
  const at = io.now?.() ?? Date.now()
  return {
    profile,
    alerts: alerts.map((a) => {
      if (a.kind !== 'line') return { ...a, follows: null }
      const drawing = drawings.find((s) => s.profileId === profile.id && s.drawing.id === a.drawingId)?.drawing
      const follows = drawing ? printed(drawing, at) : { id: a.drawingId, kind: a.drawingKind, deleted: true }
      return { ...a, follows }
    }),
  }
}
