// The dark themes of the components only the later panels use (imported by those panels, so they
// load with them): tables, the history's date range, the profile form, dialogs, confirmations.
import { dataTableDark, datePickerDark, formDark, modalDark, popconfirmDark, switchDark } from 'naive-ui'
import { addDarkThemes } from './dark-theme'

addDarkThemes([dataTableDark, datePickerDark, formDark, modalDark, popconfirmDark, switchDark])
