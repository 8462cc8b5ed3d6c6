// The counts profile-stream.mjs prints beside a trace's times.
import { describe, expect, it } from 'vitest'
import { styleAndLayoutCounts } from './trace-counts.mjs'

const style = (elementCount: number) => ({ name: 'UpdateLayoutTree', ph: 'X', dur: 300, args: { elementCount } })
const layout = (dirtyObjects: number, root: string) => ({
  name: 'Layout',
  ph: 'X',
  dur: 900,
  args: { beginData: { dirtyObjects, totalObjects: 1200 }, endData: { layoutRoots: [{ nodeName: root }] } },
})

describe('styleAndLayoutCounts', () => {
  it('counts recalculations, elements styled, layouts, dirty objects and the layouts from the document', () => {
    const events = [style(30), style(12), layout(104, '#document'), layout(70, "DIV class='rows'"), layout(2, '#document')]
    expect(styleAndLayoutCounts(events)).toEqual({ styleRecalcs: 2, elementsStyled: 42, layouts: 3, dirtyObjects: 176, fromDocument: 2 })
  })

  it('leaves out begin/end pairs, other events and missing arguments', () => {
    const events = [
      { name: 'Layout', ph: 'B' },
      { name: 'Paint', ph: 'X', dur: 5 },
      { name: 'UpdateLayoutTree', ph: 'X', dur: 1 },
      { name: 'Layout', ph: 'X', dur: 1 },
    ]
    expect(styleAndLayoutCounts(events)).toEqual({ styleRecalcs: 1, elementsStyled: 0, layouts: 1, dirtyObjects: 0, fromDocument: 0 })
  })
})
