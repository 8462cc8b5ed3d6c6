// Renderer entry: find the bridge to the core first; without it nothing can work, so say so in
// plain words on the whole page instead of mounting an app that would fail everywhere at once.
import { createApp } from 'vue'
import { createPinia } from 'pinia'
import { useTerminal } from '@/api'
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
  try {
    useTerminal()
  } catch (error) {
    showFatal('The terminal cannot reach its core', error instanceof Error ? error.message : String(error))
    return
  }
  const app = createApp(App)
  app.use(createPinia())
  app.config.errorHandler = (error, _instance, info) => {
    // A bug in one component must not blank the window; it is logged for the report.
    console.error(`[renderer] ${info}:`, error)
  }
  app.mount('#app')
}

main()
