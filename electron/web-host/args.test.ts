import { describe, expect, it } from 'vitest'
import { parseWebHostArgs } from './args'

describe('the web host command line', () => {
  it('opens a browser on any free port unless told otherwise', () => {
    expect(parseWebHostArgs([])).toEqual({ port: 0, open: true, help: false })
    expect(parseWebHostArgs(['--port', '8123', '--no-open'])).toEqual({ port: 8123, open: false, help: false })
    expect(parseWebHostArgs(['--port=0'])).toEqual({ port: 0, open: true, help: false })
    expect(parseWebHostArgs(['--help']).help).toBe(true)
  })

  it('names what is wrong with a bad command line', () => {
    expect(() => parseWebHostArgs(['--port', '65536'])).toThrow('--port needs a number from 0 to 65535, got "65536"')
    expect(() => parseWebHostArgs(['--port', '-1'])).toThrow(/--port/)
    expect(() => parseWebHostArgs(['--port', 'http'])).toThrow('--port needs a number from 0 to 65535, got "http"')
    expect(() => parseWebHostArgs(['--port'])).toThrow(/--port/)
    expect(() => parseWebHostArgs(['--token', 'x'])).toThrow(/--token/)
    expect(() => parseWebHostArgs(['extra'])).toThrow(/extra/)
  })
})
