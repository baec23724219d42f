/**
 * The console panel's styles, shipped in its lazy chunk; colours are the shell's custom properties (dark mode too).
 * The button that opens it, shown from hydration on, is styled by the shell's CSS (templates/shell/api.css).
 */
export const CONSOLE_STYLES = `
.api-console-panel :is(input, select, textarea):focus-visible { outline: 2px solid var(--c-focus); outline-offset: 1px; }
.api-console-panel { display: grid; gap: 0.8rem; margin-top: 0.6rem; padding: 1rem; border: 1px solid var(--c-border); border-radius: 8px; background: var(--c-surface); color: var(--c-text); }
.api-console-panel h2 { margin: 0; font-size: 1.1rem; }
.api-console-panel fieldset { display: grid; gap: 0.6rem; margin: 0; padding: 0.6rem 0.8rem; border: 1px solid var(--c-border); border-radius: 6px; }
.api-console-panel legend { font-weight: 700; padding: 0 0.3rem; }
.api-console-field { display: grid; gap: 0.2rem; }
.api-console-field label { font: 600 0.85rem var(--font-body); }
.api-console-type { font: 0.8rem var(--font-mono); color: var(--c-text-soft); font-weight: 400; }
.api-console-panel :is(input:not([type=checkbox]), select, textarea) { width: 100%; padding: 0.35rem 0.6rem; border: 1px solid var(--c-border); border-radius: 6px; background: var(--c-code-bg); color: var(--c-text); font: 0.85rem/1.5 var(--font-mono); }
.api-console-panel textarea { resize: vertical; min-height: 8rem; }
.api-console-panel [aria-invalid=true] { border-color: var(--c-danger); }
.api-console-error { margin: 0; color: var(--c-danger); font-size: 0.85rem; }
.api-console-error:empty { display: none; }
.api-console-check { display: flex; gap: 0.4rem; align-items: center; font-size: 0.85rem; }
.api-console-status { margin: 0; font-weight: 700; }
.api-console-problem { margin: 0; padding: 0.6rem 0.8rem; border: 1px solid var(--c-danger); border-left-width: 4px; border-radius: 6px; white-space: pre-wrap; }
.api-console-body { margin: 0; max-height: 28rem; overflow: auto; padding: 0.6rem 0.8rem; border: 1px solid var(--c-border); border-radius: 6px; background: var(--c-code-bg); font: 0.85rem/1.5 var(--font-mono); white-space: pre-wrap; overflow-wrap: anywhere; }
.api-console-panel [hidden] { display: none; }
`;
