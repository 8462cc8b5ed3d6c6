// The baseline of "start to first paint": the smallest Vue app, built and served the way the
// renderer is, so the ratio shows what the terminal adds on top of Vue, a server and Chromium.
import { createApp, h } from 'vue'

createApp({ render: () => h('main', { 'data-testid': 'blank' }, 'Blank Vue page') }).mount('#app')
