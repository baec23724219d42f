import type { ApiOperationData } from '../../shared/api-model.ts';

/** `openapi.console.enabled`, defined by the bundlers (src/bundle/client.ts, server.ts). */
declare const PORTAL_API_CONSOLE: boolean;

/**
 * The "Send a request" button (issue 19), added after hydration like the Try it buttons, so the server HTML stays
 * as it was. Everything of the console sits behind PORTAL_API_CONSOLE: off, esbuild drops this code, and with
 * the import() in a dead branch it bundles no chunk for the panel and adds no module to the graph, so a site
 * without the console builds byte for byte as before. The panel loads on the first click, never on a first visit.
 */
export function addConsoleButton(data: ApiOperationData): (() => void) | undefined {
  const header = document.querySelector('.api-operation > .api-header');
  if (!data.console || !header) return undefined;
  const host = document.createElement('div');
  host.className = 'api-console';
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'api-console-button';
  button.textContent = 'Send a request';
  button.setAttribute('aria-expanded', 'false');
  button.addEventListener('click', () => {
    // Inside the constant's own branch: esbuild scans no import() of a dead branch.
    if (PORTAL_API_CONSOLE) {
      button.setAttribute('aria-busy', 'true');
      import('./console-panel.ts').then(
        (panel) => {
          button.removeAttribute('aria-busy');
          panel.toggleConsole({ host, button, data });
        },
        (error: unknown) => {
          button.removeAttribute('aria-busy');
          button.textContent = 'Send a request (failed to load, click to retry)';
          console.error('Portal: the request console could not be loaded.', error);
        },
      );
    }
  });
  host.append(button);
  header.after(host);
  return () => host.remove();
}
