// The dark theme, built from the dark themes of the components the terminal uses. naive-ui's
// `darkTheme` holds the dark theme of every component it has (date pickers, trees, uploads, …), which
// would more than double the renderer's first-screen JavaScript. Each component theme brings the
// themes of the components it is built from (a data table brings its checkbox, pagination, …).
import {
  alertDark,
  buttonDark,
  commonDark,
  createTheme,
  dataTableDark,
  datePickerDark,
  formDark,
  inputDark,
  modalDark,
  notificationDark,
  popconfirmDark,
  popoverDark,
  selectDark,
  switchDark,
  tabsDark,
  tagDark,
  tooltipDark,
} from 'naive-ui'
import type { GlobalTheme } from 'naive-ui'

export const terminalDarkTheme: GlobalTheme = {
  ...createTheme('dark', [
    alertDark,
    buttonDark,
    dataTableDark,
    datePickerDark, // the history tabs' range
      formDark,
    inputDark,
      modalDark,
    notificationDark,
    popconfirmDark,
    popoverDark,
    selectDark,
    switchDark,
    tabsDark,
    tagDark,
    tooltipDark,
  ]),
  common: commonDark,
}
