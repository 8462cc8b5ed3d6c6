// The link colours as they are shown: a swatch readable on both themes, and the word that names it.
import type { LinkColor } from '@domain/prefs/workspace'

export const LINK_SWATCHES: Record<LinkColor, string> = {
  none: 'transparent',
  blue: '#3b82f6',
  green: '#22c55e',
  orange: '#f59e0b',
  purple: '#a855f7',
}

/** The colour in words, short enough for a narrow chart's toolbar: "No link", "Blue", … */
export function linkWord(link: LinkColor): string {
  return link === 'none' ? 'No link' : `${link[0]!.toUpperCase()}${link.slice(1)}`
}
