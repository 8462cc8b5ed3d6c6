// The window, loaded by the page's entry (boot.ts, which has sent the start's first calls already):
// start the window (startup.ts), then mount it. Without a bridge to the core nothing
// can work, so that is said in plain words on the whole page instead of mounting an app that would
// fail everywhere at once.
import { createApp } from 'vue'
import { startWindow, type WindowStart } from './startup'
import App from './App.vue'
import { firstChartSettled } from './features/chart/first-chart-handoff'
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

function mount(started: WindowStart): void {
  const app = createApp(App, { started })
  app.use(started.pinia)
  app.config.errorHandler = (error, _instance, info) => {
    // A bug in one component must not blank the window; it is logged for the report.
    console.error(`[renderer] ${info}:`, error)
  }
  app.mount('#app')
}

const started = startWindow()
if ('problem' in started) showFatal('The terminal cannot reach its core', started.problem)
// The mount waits for the chart's request to go out (startup.ts, MOUNT_WAIT_MS): the core fetches
// the chart while the window mounts. And it waits for the first chart (boot.ts), so that chart's
// paint is not held back by the mount, and the window's chart finds it to take over.
else void Promise.all([started.mountable, firstChartSettled()]).then(() => mount(started))
