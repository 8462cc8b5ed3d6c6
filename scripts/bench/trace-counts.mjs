// What a trace's style and layout worked on, counted rather than timed: on a shared machine the same
// build's times move by a third from run to run, and these counts do not. Used by profile-stream.mjs.

/**
 * Style recalculations and the elements they styled; layouts, the layout objects dirty in them, and
 * how many were laid out from the document rather than from a boundary inside it.
 */
export function styleAndLayoutCounts(events) {
  const complete = (name) => events.filter((e) => e.name === name && e.ph === 'X')
  const styles = complete('UpdateLayoutTree')
  const layouts = complete('Layout')
  const sum = (list, of) => list.reduce((total, e) => total + (Number(of(e)) || 0), 0)
  return {
    styleRecalcs: styles.length,
    elementsStyled: sum(styles, (e) => e.args?.elementCount),
    layouts: layouts.length,
    dirtyObjects: sum(layouts, (e) => e.args?.beginData?.dirtyObjects),
    fromDocument: layouts.filter((e) => (e.args?.endData?.layoutRoots ?? []).some((root) => root.nodeName === '#document')).length,
  }
}
