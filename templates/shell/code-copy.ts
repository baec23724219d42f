/**
 * Adds a copy button to each `div.code-block` that MDX content renders (issue 3 item 12). Done from the
 * shell after hydration, so content chunks stay free of UI code.
 */
export function addCopyButtons(root: ParentNode): void {
  for (const block of root.querySelectorAll<HTMLElement>('.code-block')) {
    // A code block scrolls sideways: keyboard users must be able to focus it to scroll it.
    for (const pre of block.querySelectorAll('pre:not([tabindex])')) pre.setAttribute('tabindex', '0');
    if (block.querySelector(':scope > .copy-button')) continue;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'copy-button';
    button.textContent = 'Copy';
    button.setAttribute('aria-label', 'Copy code to clipboard');
    const status = document.createElement('span');
    status.className = 'sr-only';
    status.setAttribute('role', 'status');
    button.addEventListener('click', () => {
      const text = block.querySelector('pre')?.textContent ?? '';
      void copyText(text).then((ok) => {
        button.textContent = ok ? 'Copied' : 'Copy failed';
        status.textContent = ok ? 'Copied to clipboard' : 'Copying failed';
        window.setTimeout(() => {
          button.textContent = 'Copy';
          status.textContent = '';
        }, 2000);
      });
    });
    block.append(button, status);
  }
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard API (insecure origin, old browser): the selection-based fallback.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.cssText = 'position:fixed;top:0;left:0;opacity:0';
    document.body.append(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}
