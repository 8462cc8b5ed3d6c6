// Column widths from the text a column holds, for naive-ui's data tables: their header and body are
// separate tables, so every column needs its width in px. A column wider than its text takes room a
// narrow panel does not have; a narrower one lets its digits run into the next column.

/** 12 px monospaced figures (JetBrains Mono, SF Mono, Menlo, Cascadia, DejaVu Sans Mono) advance at most 0.6 em: 7.2 px. */
export const MONO_CH_PX = 7.25
/** A cell's padding (8 px a side, App.vue's table theme) and 4 px to spare. */
export const CELL_PADDING_PX = 20
/** The 12 px UI font's capitals and figures, the widest letters these tables hold (an estimate). */
export const TEXT_CH_PX = 7.5

/** A cell of `chars` monospaced figures. */
export const monoCell = (chars: number): number => CELL_PADDING_PX + MONO_CH_PX * chars
/** A cell of `chars` letters of the UI font. */
export const textCell = (chars: number): number => CELL_PADDING_PX + TEXT_CH_PX * chars
