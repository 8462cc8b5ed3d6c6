// Renderer entry: find the bridge to the core first; without it nothing can work, so say so in
// plain words on the whole page instead of mounting an app that would fail everywhere at once.
// startup.ts first: ES modules evaluate in import order, so the first requests are on their way
// before the chart's and naive-ui's modules are evaluated.
import { bridgeProblem, chartRequested, pinia } from './startup'
import { createApp } from 'vue'
import App from './App.vue'
import './styles/main.css'

function showFatal(title: string, detail: string): void {
  const root = document.getElementById('app') ?? document.body
  const box = document.createElement('div')
  box.className = 'fatal'
  box.setAttribute('role', 'alert')
  box.dataset.testid = 'fatal-error'
  const heading = document.createElement('h1')
  heading.textContent = title
  const text = document.createElement('p')
  // textContent, never innerHTML: the message may quote a URL.
  text.textContent = detail
  box.append(heading, text)
  root.replaceChildren(box)
}

function main(): void {
  if (bridgeProblem !== null) {
    showFatal('The terminal cannot reach its core', bridgeProblem)
    return
  }
  const app = createApp(App)
  app.use(pinia)
  app.config.errorHandler = (error, _instance, info) => {
    // A bug in one component must not blank the window; it is logged for the report.
    console.error(`[renderer] ${info}:`, error)
  }
  app.mount('#app')
}

/** At most this long the mount waits for the chart's request to go out. */
const MOUNT_WAIT_MS = 200
// The mount is one long synchronous stretch (most of the start's own work), and no answer is handled
// while it runs. So it waits until the chart has been asked for (the preferences name the pair: one
// quick round trip), and the core fetches the chart while the window mounts; a slow host waits no
// more than MOUNT_WAIT_MS.
void Promise.race([chartRequested, new Promise((resolve) => setTimeout(resolve, MOUNT_WAIT_MS))]).then(main)
