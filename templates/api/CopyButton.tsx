import { useState } from 'react';
import { useHydrated } from './hooks.ts';

/** Copies `text`; rendered only once scripts run, so no dead button shows with JS off. */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  if (!hydrated) return null;
  const copy = () => {
    void navigator.clipboard?.writeText(text).then(() => {
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
