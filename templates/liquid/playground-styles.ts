/**
 * Try it's panel styles, shipped in its lazy chunk rather than in the site stylesheet, so a first visit loads none
 * of them. Colours are the shell's custom properties, so the dark theme needs no rules of its own.
 */
export const PLAYGROUND_STYLES = `
.code-block.try-replaced:not(.try-open) { display: none; }
.code-block.try-open { background: var(--c-surface); }
.code-block.try-open > :not(.try-panel) { display: none; }
.try-panel { display: grid; gap: 0.6rem; padding: 0.8rem 1rem 1rem; color: var(--c-text); }
.try-head { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0.4rem 0.8rem; }
.try-title { font-weight: 700; }
.try-note { margin: 0; font-size: 0.85rem; color: var(--c-text-soft); }
.try-field { display: grid; gap: 0.25rem; }
.try-field label, .try-output-head { font: 600 0.8rem var(--font-body); color: var(--c-text-soft); }
.try-editor { width: 100%; resize: vertical; padding: 0.6rem 0.8rem; border: 1px solid var(--c-border); border-radius: 6px; background: var(--c-code-bg); color: var(--c-text); font: 0.85rem/1.55 var(--font-mono); tab-size: 2; }
.try-editor:focus-visible { outline: 2px solid var(--c-focus); outline-offset: 1px; }
.try-output-head { display: flex; justify-content: space-between; gap: 1rem; }
.try-status { font-weight: 400; }
.try-output { margin: 0; min-height: 2.4rem; max-height: 24rem; overflow: auto; padding: 0.6rem 0.8rem; border: 1px solid var(--c-border); border-radius: 6px; background: var(--c-code-bg); font: 0.85rem/1.55 var(--font-mono); white-space: pre-wrap; overflow-wrap: anywhere; }
.try-output[hidden], .try-problem[hidden] { display: none; }
.try-problem { margin: 0; padding: 0.6rem 0.8rem; border: 1px solid var(--c-danger); border-left-width: 4px; border-radius: 6px; color: var(--c-text); font: 0.85rem/1.55 var(--font-mono); white-space: pre-wrap; overflow-wrap: anywhere; }
.try-actions { display: flex; gap: 0.5rem; }
.try-action { padding: 0.3rem 0.9rem; border: 1px solid var(--c-border); border-radius: 6px; background: var(--c-bg-soft); color: var(--c-text); font: 600 0.85rem var(--font-body); cursor: pointer; }
.try-action:hover { border-color: var(--c-text-soft); }
`;
