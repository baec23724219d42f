/**
 * The dialog's styles, shipped in its lazy chunk rather than in the site stylesheet, so a first visit loads
 * none of them. Colours are the shell's custom properties, so the dark theme needs no rules of its own.
 */
export const SEARCH_STYLES = `
.search-overlay { position: fixed; inset: 0; z-index: 400; display: flex; justify-content: center; align-items: flex-start; padding: 8vh 1rem 1rem; background: rgb(0 0 0 / 0.45); }
.search-overlay[hidden] { display: none; }
.search-dialog { display: flex; flex-direction: column; width: min(44rem, 100%); max-height: 80vh; border: 1px solid var(--c-border); border-radius: 12px; background: var(--c-surface); color: var(--c-text); box-shadow: 0 1rem 3rem rgb(0 0 0 / 0.3); overflow: hidden; }
.search-bar { display: flex; align-items: center; gap: 0.6rem; padding: 0.75rem 1rem; border-bottom: 1px solid var(--c-border); color: var(--c-text-soft); }
.search-input { flex: 1; min-width: 0; border: 0; background: none; color: var(--c-text); font: inherit; font-size: 1.1rem; outline: none; }
.search-close { padding: 0.15rem 0.45rem; border: 1px solid var(--c-border); border-radius: 5px; background: var(--c-bg-soft); color: var(--c-text-soft); font: 0.75rem var(--font-body); cursor: pointer; }
.search-close:focus-visible, .search-dialog:focus-within .search-input:focus-visible { outline: 2px solid var(--c-focus); outline-offset: 2px; }
.search-results { overflow-y: auto; padding: 0 0.75rem; }
.search-results:empty { display: none; }
.search-page { padding: 0.6rem 0 0.2rem; }
.search-page-title { padding: 0 0.5rem 0.3rem; font-size: 0.8rem; font-weight: 600; color: var(--c-text-soft); text-transform: uppercase; letter-spacing: 0.03em; }
.search-hit { padding: 0.5rem 0.75rem; margin-bottom: 0.25rem; border: 1px solid var(--c-border); border-radius: var(--radius); background: var(--c-bg-soft); cursor: pointer; }
.search-hit.active { border-color: var(--c-primary); background: var(--c-primary-soft); }
.search-hit-title { display: flex; align-items: center; gap: 0.5rem; font-weight: 600; }
.search-hit-path { font: 600 0.9rem var(--font-mono); overflow-wrap: anywhere; }
.search-hit-text { margin-top: 0.2rem; font-size: 0.88rem; line-height: 1.45; color: var(--c-text-soft); }
.search-dialog mark { padding: 0; border-radius: 2px; background: color-mix(in srgb, var(--c-primary) 22%, transparent); color: inherit; font-weight: 600; }
.search-status { padding: 0.6rem 1rem; font-size: 0.85rem; color: var(--c-text-soft); }
.search-status:empty { display: none; }
.search-keys { display: flex; gap: 1rem; padding: 0.5rem 1rem; border-top: 1px solid var(--c-border); font-size: 0.78rem; color: var(--c-text-soft); }
.search-keys kbd { margin-right: 0.2rem; padding: 0 0.3rem; border: 1px solid var(--c-border); border-radius: 4px; font: 0.75rem var(--font-body); }
/* spec §2: search is hidden on mobile (996px and below) */
@media (max-width: 996px) { .search-overlay { display: none; } }
`;
