// The window's CSS variables (--up, --fg, --panel, …) from the trader's colours and naive-ui's theme:
// set on the root of the main window (TerminalLayout.vue) and of a pop-out's (PopoutLayout.vue), so
// every panel looks the same in either.
import { type ComputedRef, computed } from 'vue'
import { useThemeVars } from 'naive-ui'
import { DOWN_COLOR, TEXT_COLORS, UP_COLOR } from './colors'

export function useWindowVars(theme: () => 'light' | 'dark'): ComputedRef<Record<string, string>> {
  const vars = useThemeVars()
  return computed(() => ({
    '--up': TEXT_COLORS[theme()].up,
    '--down': TEXT_COLORS[theme()].down,
    '--up-fill': UP_COLOR,
    '--down-fill': DOWN_COLOR,
    '--warn': vars.value.warningColor,
    // Text on a badge filled with --warn: the light theme's warning colour is dark (it is text colour
    // on white), so its badges take white text; the dark theme's is bright, and takes near-black.
    '--on-warn': theme() === 'light' ? '#ffffff' : '#111111',
    '--bad': vars.value.errorColor,
    '--ok': vars.value.successColor,
    '--info': vars.value.infoColor,
    '--fg': vars.value.textColor2,
    '--fg-dim': vars.value.textColor3,
    '--border': vars.value.dividerColor,
    '--hover': vars.value.hoverColor,
    '--panel': vars.value.cardColor,
    '--body': vars.value.bodyColor,
    '--popover': vars.value.popoverColor,
    '--primary': vars.value.primaryColor,
    '--mono': vars.value.fontFamilyMono,
  }))
}
