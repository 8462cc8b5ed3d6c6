// Named workspaces (docs/workspaces.md): the whole arrangement (layout, each pane's pair, interval,
// link and indicators, the pop-outs, the bottom tab) kept under a name in the preferences by the core,
// so they survive a restart. Switching is one action and can be undone (the arrangement before it is
// kept); a workspace is exported as a JSON file and imported from one, checked whole with zod first: a
// bad file changes nothing and says what is wrong.
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { Workspace } from '@domain/prefs/workspace'
import { MAX_WORKSPACES, WORKSPACE_FILE_FORMAT, WORKSPACE_NAME_PATTERN } from '@domain/prefs/workspace'
import { usePrefsStore } from '../prefs'
import { plain, useChartsStore } from './charts'
import { shownPanes } from './links'
import { usePopoutsStore } from '../popouts/popouts'
import { arrangePopouts, popoutsProblem, workspacePopouts } from './workspace-popouts'

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/** Why a name cannot be a workspace's, or null. */
export function nameProblem(name: string, taken: readonly string[], except?: string): string | null {
  const trimmed = name.trim()
  if (!WORKSPACE_NAME_PATTERN.test(trimmed)) return 'A workspace name is 1–40 letters, digits, spaces, _ or -, starting with a letter or digit'
  if (taken.some((t) => same(t, trimmed) && !(except !== undefined && same(t, except)))) return `A workspace named "${trimmed}" exists already`
  return null
}

/** A workspace as a file's text. */
export function workspaceFileText(workspace: Workspace): string {
  return `${JSON.stringify({ format: WORKSPACE_FILE_FORMAT, version: 1, workspace }, null, 2)}\n`
}

export const useWorkspacesStore = defineStore('workspaces', () => {
  const prefs = usePrefsStore()
  const charts = useChartsStore()
  const popouts = usePopoutsStore()
  const list = computed(() => prefs.prefs.workspaces ?? [])
  /** The workspace switched to last, and the arrangement before it (what Undo puts back). */
  const undoable = shallowRef<{ name: string; before: Workspace } | null>(null)
  /** The name of the workspace on screen (saved or switched to last), if any. */
  const current = ref<string | null>(null)

  /** The arrangement on screen as a workspace called `name`. */
  function snapshot(name: string): Workspace {
    const a = plain(charts.arrangement)
    const indicators = shownPanes(a.layout).map((i) => plain(prefs.indicatorsFor(a.panes[i]!.pair, a.panes[i]!.interval)))
    return { ...a, popouts: workspacePopouts(popouts.popouts), name: name.trim(), indicators, savedAt: Date.now() }
  }

  // Plain copies: a reactive proxy cannot cross Electron's IPC (structured clone).
  const write = (next: Workspace[]) => prefs.set({ workspaces: plain(next) })

  /** Saves the arrangement on screen under `name` (a workspace of that name is replaced). Resolves to why not, or null. */
  async function save(name: string): Promise<string | null> {
    const problem = nameProblem(name, [])
    if (problem) return problem
    const entry = snapshot(name)
    const kept = list.value.filter((w) => !same(w.name, entry.name))
    if (kept.length >= MAX_WORKSPACES) return `At most ${MAX_WORKSPACES} workspaces are kept: delete one first`
    await write([...kept, entry])
    current.value = entry.name
    return prefs.error
  }

  /**
   * Puts a workspace on screen: its indicators, then its arrangement (the main market and each pane
   * follow), then its pop-outs (the windows it has open, in the caller's click; the others come back).
   * The pop-outs' list is the pop-outs store's: the arrangement kept as the window's own holds none.
   */
  function show(workspace: Workspace): void {
    workspace.indicators.forEach((list, i) => {
      const pane = workspace.panes[i]
      if (pane) void prefs.setIndicators(pane.pair, pane.interval, list)
    })
    const { name: _name, indicators: _indicators, savedAt: _savedAt, popouts: wanted, ...arrangement } = plain(workspace)
    charts.apply({ ...arrangement, popouts: [] })
    void arrangePopouts(popouts, wanted)
  }

  /** Switches to the workspace `name` in one action; undo() puts back what was on screen, its pop-outs too. Call it within the click (web host pop-up blockers). */
  function switchTo(name: string): boolean {
    const workspace = list.value.find((w) => same(w.name, name))
    if (!workspace) return false
    undoable.value = { name: workspace.name, before: snapshot('before') }
    show(workspace)
    current.value = workspace.name
    return true
  }

  function undo(): void {
    const last = undoable.value
    if (!last) return
    undoable.value = null
    show(last.before)
    current.value = null
  }

  async function rename(from: string, to: string): Promise<string | null> {
    const problem = nameProblem(
      to,
      list.value.map((w) => w.name),
      from,
    )
    if (problem) return problem
    await write(list.value.map((w) => (same(w.name, from) ? { ...w, name: to.trim() } : w)))
    if (current.value && same(current.value, from)) current.value = to.trim()
    return prefs.error
  }

  async function remove(name: string): Promise<void> {
    await write(list.value.filter((w) => !same(w.name, name)))
    if (current.value && same(current.value, name)) current.value = null
  }

  /** The workspace `name` as a file's text. */
  function exportText(name: string): string | null {
    const workspace = list.value.find((w) => same(w.name, name))
    return workspace ? workspaceFileText(plain(workspace)) : null
  }

  /**
   * Adds the workspace a file holds (not switched to). Resolves to why the file was refused, or null;
   * a refused file changes nothing.
   */
  async function importText(text: string): Promise<string | null> {
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      return 'This file is not JSON: nothing was imported'
    }
    // zod is loaded here, when a file is imported, not with the window.
    const { workspaceFileSchema } = await import('@domain/prefs/workspace-schema')
    const parsed = workspaceFileSchema.safeParse(json)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const where = issue?.path.length ? ` (at ${issue.path.join('.')})` : ''
      return `Not a valid workspace file: ${issue?.message ?? 'unknown problem'}${where}. Nothing was imported.`
    }
    const workspace = parsed.data.workspace
    const twice = popoutsProblem(workspace.popouts)
    if (twice) return `Not a valid workspace file: ${twice}. Nothing was imported.`
    const taken = nameProblem(
      workspace.name,
      list.value.map((w) => w.name),
    )
    if (taken) return `${taken}: rename or delete it first. Nothing was imported.`
    if (list.value.length >= MAX_WORKSPACES) return `At most ${MAX_WORKSPACES} workspaces are kept: delete one first. Nothing was imported.`
    await write([...list.value, workspace])
    return prefs.error
  }

  return { list, undoable, current, save, switchTo, undo, rename, remove, exportText, importText, snapshot }
})
