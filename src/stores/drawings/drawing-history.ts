// Undo and redo of the drawings as a pure history: each change is the drawing before and after it
// (null before: it was added; null after: it was deleted). Undoing a change applies its `before`,
// redoing it its `after`; the store sends that to the core. A new change clears what could be redone.
import type { LineAlertDraft } from '@domain/alerts/alerts'
import type { Drawing } from '@domain/drawings/drawings'

export interface DrawingChange {
  before: Drawing | null
  after: Drawing | null
  /** A delete's: the line alerts it cancelled (the core says which), asked for again by its undo. */
  alerts?: LineAlertDraft[]
}

/**
 * What undo or redo asks the core: save this drawing (and ask again for the alerts its delete
 * cancelled), or delete the one with this id (the change it belongs to keeps what that cancels).
 */
export type DrawingStep = { save: Drawing; alerts?: LineAlertDraft[] } | { delete: string; change?: DrawingChange }

/** Changes kept to undo: a long session of dragging must not grow without bound. */
export const HISTORY_KEPT = 100

export class DrawingHistory {
  private done: DrawingChange[] = []
  private undone: DrawingChange[] = []

  get canUndo(): boolean {
    return this.done.length > 0
  }
  get canRedo(): boolean {
    return this.undone.length > 0
  }

  record(change: DrawingChange): void {
    this.done.push(change)
    if (this.done.length > HISTORY_KEPT) this.done.shift()
    this.undone = []
  }

  /** The step that undoes the last change (taken off the history), or null when there is none. */
  undo(): DrawingStep | null {
    const change = this.done.pop()
    if (!change) return null
    this.undone.push(change)
    return stepTo(change.before, change.after, change)
  }

  redo(): DrawingStep | null {
    const change = this.undone.pop()
    if (!change) return null
    this.done.push(change)
    return stepTo(change.after, change.before, change)
  }

  /** A step the core refused: it goes back where it came from, so nothing is lost from the history. */
  restore(step: 'undo' | 'redo'): void {
    if (step === 'undo') {
      const change = this.undone.pop()
      if (change) this.done.push(change)
    } else {
      const change = this.done.pop()
      if (change) this.undone.push(change)
    }
  }

  /** A change the core refused: out of the history, wherever it is now. */
  forget(change: DrawingChange): void {
    this.done = this.done.filter((c) => c !== change)
    this.undone = this.undone.filter((c) => c !== change)
  }

  clear(): void {
    this.done = []
    this.undone = []
  }
}

function stepTo(target: Drawing | null, other: Drawing | null, change: DrawingChange): DrawingStep | null {
  // Undoing a delete brings back its drawing and the alerts it cancelled.
  if (target) return change.after === null && change.before === target && change.alerts?.length ? { save: target, alerts: change.alerts } : { save: target }
  return other ? { delete: other.id, change } : null
}
