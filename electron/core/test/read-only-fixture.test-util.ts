// Test support: makes a file or directory read-only for real, so storage tests exercise the OS
// errors a user would meet. chmod does not stop root (CI containers often run as root), so as root
// the immutable attribute is used instead; `readOnlySupported` says whether either works here.
import { execFileSync } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0

/** Makes `path` read-only; returns the function that undoes it (call it before deleting the path). */
export function makeReadOnly(path: string): () => void {
  if (!isRoot) {
    const mode = statSync(path).mode & 0o777
    chmodSync(path, statSync(path).isDirectory() ? 0o555 : 0o444)
    return () => chmodSync(path, mode)
  }
  execFileSync('chattr', ['+i', path], { stdio: 'ignore' })
  return () => execFileSync('chattr', ['-i', path], { stdio: 'ignore' })
}

function probe(): boolean {
  const dir = mkdtempSync(join(tmpdir(), 'ro-probe-'))
  try {
    const undo = makeReadOnly(dir)
    try {
      writeFileSync(join(dir, 'x'), 'x')
      return false
    } catch {
      return true
    } finally {
      undo()
    }
  } catch {
    return false
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

export const readOnlySupported = probe()

/** What a test that needs read-only storage says when it is skipped here. */
export const READ_ONLY_UNSUPPORTED = isRoot
  ? 'storage cannot be made read-only here: running as root, and chattr +i failed (no chattr, or a file system without the immutable attribute)'
  : 'storage cannot be made read-only here: chmod did not stop this user from writing'
