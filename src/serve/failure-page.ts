import { escapeHtml } from '../html-entities.js';
import { LIVE_RELOAD_PATH } from './live-reload.js';

/**
 * What `portal serve` answers when there is nothing to serve: the first build of a fresh start failed, so no page
 * exists to show the error overlay on. The build's message, and a script that loads the page again once a build
 * succeeds (the `build-ok` event, as the overlay clears).
 */
export function failurePage(message: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Build failed</title>
<style>body{margin:0;padding:2rem;background:#1a0000;color:#fff;font:14px/1.5 ui-monospace,monospace}h1{color:#ff8080;font-size:1.4rem;margin-top:0}pre{white-space:pre-wrap}</style>
</head>
<body>
<h1>Build failed</h1>
<pre>${escapeHtml(message)}</pre>
<p>Fix the file and save: this page loads again when the build succeeds.</p>
<script>new EventSource(${JSON.stringify(LIVE_RELOAD_PATH)}).addEventListener('build-ok',function(){location.reload()})</script>
</body>
</html>
`;
}
