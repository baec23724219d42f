import { useState, type MouseEvent } from 'react';
import { useHydrated } from './hooks.ts';

/**
 * Copies `text`, or the code of the `.code-block` it sits in (so highlighted samples need not ship their
 * text twice). Rendered only once scripts run, so no dead button shows with JS off; with `keepRoom`, a hidden
 * copy holds its place until then, where its coming would move what follows (the endpoint line wraps on a phone).
 */
export function CopyButton({ text, label = 'Copy', keepRoom }: { text?: string; label?: string; keepRoom?: boolean }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  if (!hydrated)
    return keepRoom ? (
      <button type="button" className="api-copy api-copy-room" aria-hidden="true" tabIndex={-1} disabled>
        {label}
      </button>
    ) : null;
  const copy = (event: MouseEvent<HTMLButtonElement>) => {
    const value = text ?? event.currentTarget.closest('.code-block')?.querySelector('code')?.textContent ?? '';
    void navigator.clipboard?.writeText(value).then(() => {
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    });
  };
  return (
    <button type="button" className="api-copy" onClick={copy} aria-label={copied ? 'Copied' : `${label} to clipboard`}>
      {copied ? 'Copied' : label}
    </button>
  );
}
