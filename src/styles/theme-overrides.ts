// naive-ui's theme overrides for the window: the terminal's fonts and sizes, and colours whose text
// of every tone reads at 4.5:1 or more (WCAG AA). App.vue hands them to its NConfigProvider; the
// bench's floor page (bench/floor-page) hands it the same, so the start it is compared with pays for
// the same theme.
import type { GlobalThemeOverrides } from 'naive-ui'
import { MONO_STACK, SANS_STACK } from './fonts'

/** The overrides for the dark theme (`dark`) or the light one. */
export function terminalThemeOverrides(dark: boolean): GlobalThemeOverrides {
  return {
    common: {
      fontSize: '13px',
      fontSizeSmall: '12px',
      fontSizeMedium: '13px',
      fontFamily: SANS_STACK,
      fontFamilyMono: MONO_STACK,
      // Text of every tone reads at 4.5:1 or more on its theme's panels and selected rows (WCAG AA):
      // naive-ui's own third text colour and, on white, its blue and green do not.
      ...(dark
        ? { primaryColor: '#3b82f6', primaryColorHover: '#60a5fa', primaryColorPressed: '#2563eb', primaryColorSuppl: '#3b82f6', textColor3: 'rgba(255, 255, 255, 0.6)' }
        : {
            primaryColor: '#1d4ed8',
            primaryColorHover: '#2563eb',
            primaryColorPressed: '#1e40af',
            primaryColorSuppl: '#1d4ed8',
            textColor3: '#5c6166',
            successColor: '#0d5c32',
            warningColor: '#8a5300',
            infoColor: '#1d4ed8',
          }),
      ...(dark ? { bodyColor: '#0f1218', cardColor: '#151a22', modalColor: '#151a22', popoverColor: '#1b212b', tableColor: '#12161d' } : {}),
    },
    DataTable: { thPaddingSmall: '4px 8px', tdPaddingSmall: '3px 8px', fontSizeSmall: '12px' },
  }
}
