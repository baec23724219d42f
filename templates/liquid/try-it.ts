/**
 * Adds a Try it button to each Liquid example the build marked (issue 19; src/content/plugins/liquid-examples.ts).
 * Done from the shell after hydration, like the copy buttons, so content chunks stay free of UI code. The editor,
 * LiquidJS and its worker load on the first click only: none of them is part of a first visit.
 */
const loadPlayground = () => import('./playground.ts');

export function addTryItButtons(root: ParentNode): void {
  for (const code of root.querySelectorAll<HTMLElement>('code[data-liquid-example]')) {
    const block = code.closest<HTMLElement>('.code-block');
    if (!block || block.querySelector(':scope > .try-button')) continue;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'try-button';
    button.textContent = 'Try it';
    button.setAttribute('aria-expanded', 'false');
    button.title = 'Edit this example and run it in your browser';
    button.addEventListener('click', () => {
      button.setAttribute('aria-busy', 'true');
      loadPlayground().then(
        (playground) => {
          button.removeAttribute('aria-busy');
          playground.openPlayground({ block, button });
        },
        (error: unknown) => {
          button.removeAttribute('aria-busy');
          button.textContent = 'Try it (failed to load, click to retry)';
          console.error('Portal: Try it could not be loaded.', error);
        },
      );
    });
    block.append(button);
  }
}
