/// <reference types="vite/client" />

// Single-file components are typed by vue-tsc; this keeps plain `tsc` and editors happy with `.vue` imports.
declare module '*.vue' {
  import type { DefineComponent } from 'vue'
  const component: DefineComponent<object, object, unknown>
  export default component
}
