// Types of screenshots.mjs for the TypeScript that imports it (its test).
/** Width and height from a PNG's header (IHDR), or null when the file is not a PNG. */
export function pngSize(bytes: Buffer): { width: number; height: number } | null
