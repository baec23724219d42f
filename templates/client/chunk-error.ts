/** The text a failed load shows: the error's message, or the value itself. */
export const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err));

export interface ChunkErrorOptions<T> {
  error: unknown;
  /** Loads the chunk again (or the whole page, whose promise never settles). */
  retry: () => Promise<T>;
  /** Runs once a retry succeeds, after the box is gone. */
  onLoaded: (value: T) => void;
}

/**
 * spec §8 "Page chunk fails to load": before hydration, so plain DOM. The server-rendered page stays readable;
 * an error box with the error text and a Retry button goes on top of its main area. The box leaves the DOM
 * before `onLoaded` runs, so React hydrates exactly the server's markup.
 */
export function showChunkError<T>(o: ChunkErrorOptions<T>): void {
  console.error('Portal: this page’s code failed to load.', o.error);
  const box = document.createElement('div');
  box.className = 'portal-chunk-error';
  box.setAttribute('role', 'alert');
  box.style.cssText =
    'margin:1rem 0;padding:1rem 1.25rem;border:1px solid #c0262d;border-left-width:5px;border-radius:8px;background:rgba(192,38,45,.08)';
  const title = document.createElement('p');
  title.className = 'portal-chunk-error-title';
  title.style.cssText = 'margin:0 0 .5rem;font-weight:700';
  title.textContent = 'This page could not finish loading. You can read it, but it is not interactive yet.';
  const text = document.createElement('pre');
  text.className = 'portal-chunk-error-text';
  text.style.cssText = 'margin:0 0 .75rem;white-space:pre-wrap;word-break:break-word';
  text.textContent = errorText(o.error);
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'portal-chunk-error-retry';
  button.textContent = 'Retry';
  button.addEventListener('click', () => {
    button.disabled = true;
    box.setAttribute('aria-busy', 'true');
    o.retry().then(
      (value) => {
        box.remove();
        o.onLoaded(value);
      },
      (err: unknown) => {
        console.error('Portal: retrying the page’s code failed.', err);
        text.textContent = errorText(err);
        button.disabled = false;
        box.removeAttribute('aria-busy');
      },
    );
  });
  box.append(title, text, button);
  const main = document.getElementById('__main');
  if (main) main.prepend(box);
  else (document.querySelector('#__portal .main-wrapper') ?? document.body).prepend(box);
}
