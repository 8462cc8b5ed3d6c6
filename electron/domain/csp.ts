// The Content-Security-Policy of the renderer, the same in the Electron window and the web host:
// only the app's own scripts, no eval, no remote content, no frames.
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'", // naive-ui injects its styles at run time
  "img-src 'self' data:",
  "font-src 'self'", // the app's own fonts (src/styles/fonts.css), never a remote or inline one
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "frame-src 'none'",
].join('; ')
