/** `portal serve` only: reloads on a finished rebuild and shows build errors as an overlay. */
export function connectLiveReload(url: string): void {
  const source = new EventSource(url);
  source.addEventListener('reload', () => window.location.reload());
  source.addEventListener('build-error', (event) => showOverlay((event as MessageEvent<string>).data));
  source.addEventListener('build-ok', () => document.getElementById('portal-error-overlay')?.remove());
}

function showOverlay(message: string): void {
  let overlay = document.getElementById('portal-error-overlay');
  if (!overlay) {
    overlay = document.createElement('div');
    overlay.id = 'portal-error-overlay';
    overlay.setAttribute('role', 'alert');
    overlay.style.cssText =
      'position:fixed;inset:0;z-index:9999;background:rgba(20,0,0,.92);color:#fff;padding:2rem;overflow:auto;font:14px/1.5 ui-monospace,monospace';
    document.body.append(overlay);
  }
  const title = document.createElement('h2');
  title.textContent = 'Build failed';
  title.style.cssText = 'color:#ff8080;margin-top:0';
  const pre = document.createElement('pre');
  pre.textContent = message;
  pre.style.whiteSpace = 'pre-wrap';
  const hint = document.createElement('p');
  hint.textContent = 'Fix the file and save: this overlay clears when the build succeeds.';
  overlay.replaceChildren(title, pre, hint);
}
