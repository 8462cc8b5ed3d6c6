// @vitest-environment happy-dom
// The window's modules the page names are asked for all at once, without running them, and once.
import { afterEach, describe, expect, it } from 'vitest'
import { preloadWindowModules } from './window-modules'

const preloads = () => [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'))

afterEach(() => {
  document.head.innerHTML = ''
})

describe('the window modules', () => {
  it('preloads every module the page names, in order, and only the first time', () => {
    document.head.innerHTML = '<meta name="window-modules" content="./assets/window-a.js  ./assets/first-lib-b.js ./assets/order-book-c.js">'
    preloadWindowModules()
    expect(preloads()).toEqual(['./assets/window-a.js', './assets/first-lib-b.js', './assets/order-book-c.js'])
    const link = document.head.querySelector('link[rel="modulepreload"]')
    expect(link?.getAttribute('crossorigin')).toBe('')
    expect(document.head.querySelectorAll('script')).toHaveLength(0)
    preloadWindowModules()
    expect(preloads()).toHaveLength(3)
  })

  it('does nothing on a page that names none (the window then loads as its imports find its modules)', () => {
    preloadWindowModules()
    expect(preloads()).toEqual([])
  })
})
