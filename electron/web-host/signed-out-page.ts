// What a browser sees at the web host without access: the printed link was used already or has
// expired, or the window has no session cookie. It says what happened and the one way back in
// (a new link), because there is no password to type: access comes only from the host's own output.
export const SIGNED_OUT_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Trading Terminal: open it again</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #101014; color: #e6e6e6; font: 15px/1.5 system-ui, sans-serif; }
  main { max-width: 36rem; padding: 2rem; }
  h1 { font-size: 1.3rem; margin: 0 0 1rem; }
  code { background: #26262c; padding: 0.1rem 0.35rem; border-radius: 4px; }
</style>
</head>
<body>
<main data-testid="signed-out">
<h1>This window has no access to the terminal</h1>
<p>The link that opens the terminal in a browser works once, in one window, for one minute.
This one was used already or has expired, or this window never opened it.</p>
<p>To open the terminal again, run <code>npm start</code> (or <code>npm run web-host</code>) in the
project folder: it opens a new window with a new link.</p>
</main>
</body>
</html>
`
