// The one shape of the core's handlers: each room's `create…Handlers(deps)` takes one deps object and
// returns a table of the TerminalApi methods it answers, so terminal.ts only spreads them together.
import type { MethodInput, MethodName, MethodResults } from '../domain/api/api'

export type HandlersOf<M extends MethodName> = { [K in M]: (input: MethodInput<K>) => Promise<MethodResults[K]> }
