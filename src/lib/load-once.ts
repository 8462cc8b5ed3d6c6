// A chunk (or anything loaded) asked for by several callers, loaded once.

/**
 * `load` run once and its promise shared; a failed load is not kept, so the next caller (an error
 * box offers a reload) asks again instead of getting the old failure.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null
      throw error
    }))
}
