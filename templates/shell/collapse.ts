/** Collapse/expand animation of sidebar categories and mobile dropdowns (spec §9, issue 3 item 4). */

export const COLLAPSE_EASING = 'ease-in-out';

/** Duration in ms for a given content height: longer lists take a little longer, never linearly. */
export function collapseDuration(height: number, reducedMotion: boolean): number {
  if (reducedMotion) return 1;
  const h = height / 36;
  return Math.round((4 + 15 * h ** 0.25 + h / 5) * 10);
}

const prefersReducedMotion = (): boolean => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Animates an element's height to its content height (open) or to zero (closed), then leaves it at rest. */
export function animateCollapse(el: HTMLElement, open: boolean): () => void {
  const style = el.style;
  // Measure the content height with the element laid out and unconstrained.
  const from = style.display === 'none' ? 0 : el.getBoundingClientRect().height;
  style.display = '';
  style.height = 'auto';
  const full = el.scrollHeight;
  const to = open ? full : 0;
  const duration = collapseDuration(full, prefersReducedMotion());
  style.overflow = 'hidden';
  style.transition = 'none';
  style.height = `${from}px`;
  void el.offsetHeight; // commit the start height before the transition starts
  style.transition = `height ${duration}ms ${COLLAPSE_EASING}`;
  style.height = `${to}px`;
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    el.removeEventListener('transitionend', onEnd);
    style.transition = '';
    if (open) {
      style.height = '';
      style.overflow = '';
    } else {
      style.display = 'none';
    }
  };
  const onEnd = (event: TransitionEvent) => {
    if (event.target === el && event.propertyName === 'height') finish();
  };
  el.addEventListener('transitionend', onEnd);
  // No transitionend fires when the height does not change; finish anyway.
  const timer = window.setTimeout(finish, duration + 50);
  return () => {
    window.clearTimeout(timer);
    el.removeEventListener('transitionend', onEnd);
    done = true;
  };
}
