// The trader's colours, for what is drawn in code (ECharts series, the live layer, inline styles);
// main.css takes them as the --up / --down / --warn custom properties the components set from these.

/** Green up, red down: the trader's convention (ECharts' candlestick defaults are the reverse). */
export const UP_COLOR = '#26a69a'
export const DOWN_COLOR = '#ef5350'
export const WARN_COLOR = '#f0a020'

/**
 * Up and down as text, per theme: the candles' colours read at only 2.9:1 (green) and 3.5:1 (red) on
 * the light theme's white and 4.1:1 (red) on the dark theme's selected row, under the 4.5:1 that small
 * text needs (WCAG AA). Text takes these; what is drawn (candles, bars, fills) keeps the colours above.
 */
export const TEXT_COLORS = {
  dark: { up: '#26a69a', down: '#f47a77' },
  light: { up: '#0b6f65', down: '#b71c1c' },
} as const
