// A worker that only starts the browser's ICU (its number formatting data), then ends. Chromium keeps
// that data for the whole renderer process, so the window's first number formatter finds it ready
// instead of paying 50-80 ms for it on the main thread (warm-icu.ts).
new Intl.NumberFormat().format(0)
self.close()
