import { useEffect, useState } from 'react';

type Mode = 'light' | 'dark';

/** spec §4 / issue 3: the toggle switches and stores the choice under `theme`. */
export function ColorModeToggle() {
  const [mode, setMode] = useState<Mode | null>(null);
  useEffect(() => {
    setMode(document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light');
  }, []);
  const toggle = () => {
    const next: Mode = (document.documentElement.dataset.theme === 'dark' ? 'light' : 'dark');
    document.documentElement.dataset.theme = next;
    try {
      localStorage.setItem('theme', next);
    } catch {
      /* storage unavailable: the mode still holds for this page's life */
    }
    setMode(next);
  };
  const label = mode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode';
  return (
    <button type="button" className="color-mode-toggle" onClick={toggle} aria-label={mode ? label : 'Switch colour mode'} title={mode ? label : 'Switch colour mode'}>
      <span aria-hidden="true">{mode === 'dark' ? '☾' : '☀'}</span>
    </button>
  );
}
