// The window's font stacks, for what takes a font by name rather than from the stylesheet: naive-ui's
// theme (theme-overrides.ts) and the chart's canvas (ECharts). The faces are the app's own
// (fonts.css, served with the app); main.css's --sans and --mono say the same for the stylesheets.
// The fallbacks after them are only for a glyph outside the shipped Latin subset.

/** Inter, the text of the window. */
export const SANS_STACK = "'Inter Variable', system-ui, sans-serif"
/** JetBrains Mono, numbers in tables and on the chart. */
export const MONO_STACK = "'JetBrains Mono Variable', ui-monospace, monospace"
