// Types of command-line.mjs for the TypeScript that imports it (the bench's Node groups).
import type { ParseArgsConfig } from 'node:util'

export class CommandLineError extends Error {}

type Options = NonNullable<ParseArgsConfig['options']>
/** Each flag's value as parseArgs gives it: a string, or true for a boolean flag; absent when not given. */
export type ValuesOf<O extends Options> = { [K in keyof O]?: O[K]['type'] extends 'boolean' ? boolean : string } & { help?: boolean }
export interface Parsed<O extends Options> {
  values: ValuesOf<O>
  positionals: string[]
}

export function readCommandLine<O extends Options>(argv: readonly string[], options: O, settings?: { allowPositionals?: boolean }): Parsed<O>
export function numberFlag<F extends number | null = null>(
  values: Record<string, unknown>,
  name: string,
  bounds?: { fallback?: F; whole?: boolean; above?: number; min?: number; max?: number },
): number | F
export function commandLineOrExit<O extends Options, R = Parsed<O>>(
  name: string,
  usage: string,
  options: O,
  read?: (parsed: Parsed<O>) => R,
  settings?: { allowPositionals?: boolean; argv?: readonly string[] },
): R
