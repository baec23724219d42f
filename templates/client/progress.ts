/** spec §9: the route-change progress bar's constants. */
export const PROGRESS = { delayMs: 200, minimum: 0.08, speedMs: 200, trickleRate: 0.02, trickleSpeedMs: 800 } as const;

/** nprogress never reaches the end by trickling; the bar completes only when the page is shown. */
const TRICKLE_MAX = 0.994;

export interface Progress {
  /** A route change began: the bar appears PROGRESS.delayMs later unless done() comes first. */
  start(): void;
  /** The page is shown: the bar fills, then fades out. */
  done(): void;
}

/**
 * Client runtime: an nprogress-like bar at the top of the viewport, our own few lines. Its layout is inline so
 * it works before (or without) the stylesheet; runtime.css only colours it.
 */
export function createProgress(): Progress {
  let delay: ReturnType<typeof setTimeout> | undefined;
  let trickle: ReturnType<typeof setInterval> | undefined;
  let hide: ReturnType<typeof setTimeout> | undefined;
  let bar: HTMLElement | undefined;

  const set = (n: number): void => {
    const value = Math.round(Math.min(Math.max(n, PROGRESS.minimum), 1) * 1000) / 1000;
    if (!bar) bar = mount();
    bar.dataset.value = String(value);
    bar.setAttribute('aria-valuenow', value.toFixed(3));
    (bar.firstChild as HTMLElement).style.transform = `translate3d(${(-1 + value) * 100}%,0,0)`;
  };
  const value = (): number => Number(bar?.dataset.value ?? 0);
  const clear = (): void => {
    clearTimeout(delay);
    clearInterval(trickle);
    clearTimeout(hide);
    delay = trickle = hide = undefined;
  };

  return {
    start() {
      clear();
      bar?.remove();
      bar = undefined;
      delay = setTimeout(() => {
        set(PROGRESS.minimum);
        trickle = setInterval(
          () => set(Math.min(value() + PROGRESS.trickleRate, TRICKLE_MAX)),
          PROGRESS.trickleSpeedMs,
        );
      }, PROGRESS.delayMs);
    },
    done() {
      const shown = bar;
      clear();
      if (!shown) return;
      set(1);
      shown.dataset.done = '';
      hide = setTimeout(() => {
        shown.style.opacity = '0';
        hide = setTimeout(() => {
          shown.remove();
          if (bar === shown) bar = undefined;
        }, PROGRESS.speedMs);
      }, PROGRESS.speedMs);
    },
  };
}

function mount(): HTMLElement {
  const bar = document.createElement('div');
  bar.id = 'portal-progress';
  bar.className = 'portal-progress';
  bar.setAttribute('role', 'progressbar');
  bar.setAttribute('aria-label', 'Loading page');
  bar.setAttribute('aria-valuemin', '0');
  bar.setAttribute('aria-valuemax', '1');
  bar.style.cssText = `position:fixed;top:0;left:0;right:0;height:3px;z-index:1031;pointer-events:none;overflow:hidden;transition:opacity ${PROGRESS.speedMs}ms linear`;
  const fill = document.createElement('div');
  fill.className = 'portal-progress-bar';
  fill.style.cssText = `height:100%;background:var(--c-primary,#2f5bd3);transform:translate3d(-100%,0,0);transition:transform ${PROGRESS.speedMs}ms ease`;
  bar.append(fill);
  document.body.append(bar);
  return bar;
}
