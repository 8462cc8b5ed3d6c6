// How the vault's keychain calls are bounded and explained. A locked keychain can wait forever on a
// password prompt, so each call has a time limit and a hung one is abandoned, never awaited; and
// whatever keytar, libsecret or the macOS/Windows keychain throws becomes one line a person can act on.
// No keytar here: only the vault (vault.ts) loads it.

export class KeychainTimeout extends Error {
  constructor(readonly ms: number) {
    super(`keychain call timed out after ${ms} ms`)
  }
}

/** The first line of a message, at most 160 characters: native errors can carry whole stack dumps. */
export function firstLine(text: string): string {
  const line = text.split('\n')[0] ?? ''
  return line.length > 160 ? `${line.slice(0, 157)}...` : line
}

/** Turns a keytar/libsecret/Keychain failure into a reason a person can act on. */
export function describeKeychainFailure(error: unknown): string {
  if (error instanceof KeychainTimeout) {
    return `The keychain did not answer within ${Math.round(error.ms / 100) / 10} s; it may be locked and waiting for a password.`
  }
  const message = firstLine(error instanceof Error ? error.message : String(error))
  if (/d-?bus|org\.freedesktop\.secrets|\.service files|secret service/i.test(message)) {
    return `No Secret Service is reachable over D-Bus (${message}). Start gnome-keyring, KWallet or KeePassXC's Secret Service in your session.`
  }
  if (/lock|collection|prompt|dismiss|cancel|denied|not allowed|interaction/i.test(message)) {
    return `The keychain is locked or refused access (${message}). Unlock it, then check the keychain status again.`
  }
  return `The keychain refused the request (${message}).`
}

/** Runs one keychain call with the time limit; a hung call is abandoned, never awaited forever. */
export function withTimeout<T>(call: () => Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new KeychainTimeout(timeoutMs)), timeoutMs)
    let pending: Promise<T>
    try {
      pending = call()
    } catch (error) {
      pending = Promise.reject(error)
    }
    pending.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  })
}
