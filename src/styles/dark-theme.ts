// The dark theme, built from the dark themes of the components the terminal uses. naive-ui's
// `darkTheme` holds the dark theme of every component it has (date pickers, trees, uploads, …), which
// would more than double the renderer's first-screen JavaScript. Each component theme brings the
// themes of the components it is built from (a data table brings its checkbox, pagination, …).
//
// Only the first screen's components are here; the panels that load later (the tables, the dialogs,
// the history filters, the profile form) add theirs with dark-theme-panels.ts as they load, so the
// data table's, date picker's and form's themes are not first-screen script either.
import { shallowRef } from 'vue'
import { alertDark, buttonDark, commonDark, inputDark, notificationDark, popoverDark, selectDark, tabsDark, tagDark, tooltipDark } from 'naive-ui'
import type { GlobalTheme } from 'naive-ui'

type ComponentTheme = { name: string }

function themeOf(components: readonly ComponentTheme[]): GlobalTheme {
  return { name: 'dark', common: commonDark, ...Object.fromEntries(components.map((c) => [c.name, c])) } as GlobalTheme
}

/** The window's dark theme; reactive, as the later panels add their components' themes to it. */
export const terminalDarkTheme = shallowRef<GlobalTheme>(themeOf([alertDark, buttonDark, inputDark, notificationDark, popoverDark, selectDark, tabsDark, tagDark, tooltipDark]))

/** Adds the dark themes of components that load after the first screen. */
export function addDarkThemes(components: readonly ComponentTheme[]): void {
  terminalDarkTheme.value = { ...terminalDarkTheme.value, ...themeOf(components) }
}
