// The export's save dialog, with electron's dialog mocked: the renderer's name is reduced to a plain
// file name, the text is written where the trader chose, and a cancelled dialog writes nothing.
import { describe, expect, it, vi } from 'vitest'
import { createSaveText, safeFileName } from './save-file'

describe('save dialog', () => {
  it('writes the text where the trader chose, modal to the window', async () => {
    const writeFile = vi.fn(async () => {})
    const showSaveDialog = vi.fn(async () => ({ canceled: false, filePath: '/home/t/orders.csv' }))
    const win = {} as never
    const save = createSaveText({ dialog: { showSaveDialog } as never, writeFile, window: () => win })
    expect(await save('orders_2024-01-01_2024-01-31.csv', 'id\r\n1\r\n')).toEqual({ saved: true })
    expect(showSaveDialog).toHaveBeenCalledWith(win, { defaultPath: 'orders_2024-01-01_2024-01-31.csv', filters: [{ name: 'CSV', extensions: ['csv'] }] })
    expect(writeFile).toHaveBeenCalledWith('/home/t/orders.csv', 'id\r\n1\r\n')
  })

  it('writes nothing when the dialog is cancelled', async () => {
    const writeFile = vi.fn(async () => {})
    const save = createSaveText({ dialog: { showSaveDialog: async () => ({ canceled: true, filePath: '' }) } as never, writeFile, window: () => null })
    expect(await save('a.csv', 'x')).toEqual({ saved: false })
    expect(writeFile).not.toHaveBeenCalled()
  })

  it('never lets the suggested name pick a directory or a hidden file', () => {
    expect(safeFileName('../../.bashrc')).toBe('bashrc')
    expect(safeFileName('C:\\Windows\\evil.csv')).toBe('evil.csv')
    expect(safeFileName('fills 2024/01.csv')).toBe('01.csv')
    expect(safeFileName('..')).toBe('export.csv')
    expect(safeFileName('a b$c.csv')).toBe('a_b_c.csv')
  })
})
