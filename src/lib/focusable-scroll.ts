// Scroll regions a keyboard can reach. naive-ui's data tables scroll inside containers that take no
// focus, so a keyboard user could not scroll a long table (axe's scrollable-region-focusable). Each
// such container under `root`, now and as tables mount later, gets tabindex="0": Tab reaches it, the
// arrow keys scroll it.
const SCROLLERS = '.n-scrollbar-container, .n-data-table-base-table-header'

function mark(el: Element): void {
  if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '0')
}

/** Keeps the scroll containers under `root` focusable; returns the function that stops watching. */
export function keepScrollRegionsFocusable(root: HTMLElement): () => void {
  root.querySelectorAll(SCROLLERS).forEach(mark)
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue
        if (node.matches(SCROLLERS)) mark(node)
        node.querySelectorAll(SCROLLERS).forEach(mark)
      }
    }
  })
  observer.observe(root, { childList: true, subtree: true })
  return () => observer.disconnect()
}
