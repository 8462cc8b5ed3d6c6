// The window's modules, named by the build in the page's head (a `window-modules` meta tag, see
// electron.vite.config.ts), asked for all at once when boot.ts imports the window, after the first
// chart: the browser then fetches every chunk main.ts needs together, not each only once the chunk
// importing it has arrived. As modulepreload links in the head they were fetched with the page, and
// boot.ts, the first calls and the first chart's chunk waited behind them.

/** Adds a modulepreload link for each module the page names; the names are used once. */
export function preloadWindowModules(doc: Document = document): void {
  const meta = doc.querySelector('meta[name="window-modules"]')
  const hrefs = meta?.getAttribute('content')?.split(/\s+/).filter(Boolean) ?? []
  meta?.remove()
  for (const href of hrefs) {
    const link = doc.createElement('link')
    link.rel = 'modulepreload'
    link.crossOrigin = ''
    link.href = href
    doc.head.append(link)
  }
}
