// Panels and dialogs that are not needed to show the first screen load in chunks of their own
// (defineAsyncComponent). While one loads it holds its place with an empty box of the panel's size, so
// nothing below it moves when it arrives; if it cannot load (a stale window after an update, a
// file gone) it says so, with a way to try again, instead of leaving a blank.
import { type Component, defineAsyncComponent, h } from 'vue'

export interface LazyOptions {
  /** A dialog draws nothing while it loads (it is not open yet); a panel keeps its place. */
  dialog?: boolean
}

export function lazyPanel(what: string, loader: () => Promise<Component | { default: Component }>, options: LazyOptions = {}): Component {
  return defineAsyncComponent({
    loader,
    // Shown at once: a panel that shows nothing for 200 ms, then a placeholder, would flicker.
    delay: 0,
    loadingComponent: {
      name: 'LazyLoading',
      render: () => (options.dialog ? null : h('div', { class: 'lazy-panel', 'aria-busy': 'true', 'data-testid': 'lazy-loading' })),
    },
    errorComponent: {
      name: 'LazyFailed',
      props: { error: { type: Error, default: null } },
      render: (self: { error: Error | null }) =>
        h('div', { class: ['lazy-panel', 'lazy-failed', options.dialog ? 'lazy-failed-dialog' : ''], role: 'alert', 'data-testid': 'lazy-failed' }, [
          `${what} could not load${self.error?.message ? ` (${self.error.message})` : ''}. `,
          h('button', { type: 'button', onClick: () => window.location.reload() }, 'Reload the window'),
        ]),
    },
  })
}
