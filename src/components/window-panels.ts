// The panels around the chart (pair list, tabs, order form, book or ladder, trades, shortcuts, panic button),
// as one chunk of their own: the window loads it once its chart has drawn (TerminalLayout.vue,
// composables/chart-first.ts), so their code is neither fetched nor run before the chart's paint.
export { default as PairList } from './PairList.vue'
export { default as BottomTabs } from './BottomTabs.vue'
export { default as PanicHost } from './PanicHost.vue'
export { default as RecentTrades } from '../features/recent-trades/RecentTrades.vue'
export { default as ShortcutsHelp } from './ShortcutsHelp.vue'
export { default as BookRegion } from './BookRegion.vue'
// The book alone: a pop-out's (PopoutLayout.vue); the ladder trades from the main window only.
export { default as BookPanel } from '../features/book/BookPanel.vue'
export { default as OrderForm } from '@/features/order-form/OrderForm.vue'
