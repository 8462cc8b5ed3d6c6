// An in-memory keychain for the vault's tests, with keytar's behaviour and switches for the failures
// a user meets (a call that fails or hangs); `calls` records each call as "name service account".
import type { KeytarLike } from '../vault'

export function fakeKeytar(behaviour: Partial<Record<keyof KeytarLike, 'hang' | Error>> = {}) {
  const entries = new Map<string, string>()
  const key = (service: string, account: string) => `${service}\u0000${account}`
  const calls: string[] = []
  const gate = <T>(name: keyof KeytarLike, run: () => T, ...args: string[]): Promise<T> => {
    calls.push([name, ...args].join(' '))
    const mode = behaviour[name]
    if (mode === 'hang') return new Promise<T>(() => undefined)
    if (mode instanceof Error) return Promise.reject(mode)
    return Promise.resolve(run())
  }
  const keytar: KeytarLike = {
    getPassword: (s, a) => gate('getPassword', () => entries.get(key(s, a)) ?? null, s, a),
    setPassword: (s, a, p) => gate('setPassword', () => void entries.set(key(s, a), p), s, a),
    deletePassword: (s, a) => gate('deletePassword', () => entries.delete(key(s, a)), s, a),
    findCredentials: (s) => gate('findCredentials', () => [...entries].filter(([k]) => k.startsWith(`${s}\u0000`)).map(([k, password]) => ({ account: k.split('\u0000')[1]!, password })), s),
  }
  return { keytar, entries, behaviour, calls }
}
