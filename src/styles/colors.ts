// The trader's colours, for what is drawn in code (ECharts series, the live layer, inline styles);
// main.css takes them as the --up / --down / --warn custom properties the components set from these.

/** Green up, red down: the trader's convention (ECharts' candlestick defaults are the reverse). */
export const UP_COLOR = '#26a69a'
export const DOWN_COLOR = '#ef5350'
export const WARN_COLOR = '#f0a020'
