// A wait with a bound, for the hosts and the core alike (the host's early answers, the core's last
// writes at shutdown).

/** `promise`'s value, or null once `ms` have passed first (and no timer left behind either way). */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)))
  try {
    return await Promise.race([promise, late])
  } finally {
    clearTimeout(timer)
  }
}
