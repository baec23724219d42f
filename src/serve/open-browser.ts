import { spawn } from 'node:child_process';

/** The system's "open this URL" command: open on macOS, start on Windows, xdg-open elsewhere. */
function opener(url: string): { command: string; args: string[] } {
  if (process.platform === 'darwin') return { command: 'open', args: [url] };
  if (process.platform === 'win32') return { command: 'cmd', args: ['/c', 'start', '""', url] };
  return { command: 'xdg-open', args: [url] };
}

/**
 * `serve --open`: shows the preview in the default browser. The browser outlives the server, so it runs detached;
 * a machine without one (a container, CI) gets a one-line note instead of an error.
 */
export function openBrowser(url: string, warn: (line: string) => void): void {
  const { command, args } = opener(url);
  try {
    const child = spawn(command, args, { detached: true, stdio: 'ignore' });
    child.on('error', (err) => warn(`could not open a browser (${command}: ${err.message}); open ${url} yourself.`));
    child.unref();
  } catch (err) {
    warn(`could not open a browser (${(err as Error).message}); open ${url} yourself.`);
  }
}
