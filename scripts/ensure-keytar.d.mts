// Types of ensure-keytar.mjs for the TypeScript that imports it (its test).
export interface KeytarProbe {
  ok: boolean
  version?: string
  error?: string
}

export function probeKeytar(cwd?: string): KeytarProbe
export function lockedKeytarVersion(cwd?: string): string
export function ensureKeytar(options?: { cwd?: string; probe?: () => KeytarProbe; present?: () => boolean; run?: (args: string[]) => boolean; version?: () => string; log?: (line: string) => void }): {
  ok: boolean
  action: 'none' | 'rebuild' | 'install'
}
