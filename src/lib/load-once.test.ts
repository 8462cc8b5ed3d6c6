import { describe, expect, it, vi } from 'vitest'
import { loadOnce } from './load-once'

describe('loadOnce', () => {
  it('loads once for every caller: the start and the chart share one download', async () => {
    const load = vi.fn(async () => 'chunk')
    const get = loadOnce(load)
    expect(await Promise.all([get(), get(), get()])).toEqual(['chunk', 'chunk', 'chunk'])
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('does not keep a failure: the next caller loads again', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('chunk')
    const get = loadOnce(load)
    await expect(get()).rejects.toThrow('offline')
    expect(await get()).toBe('chunk')
    expect(load).toHaveBeenCalledTimes(2)
  })
})
