import { useColorMode } from './color-mode.tsx';

/** spec §4 / issue 3 item 6: switches between light and dark; both icons are rendered and CSS shows the right one. */
export function ColorModeToggle({ className = '' }: { className?: string }) {
  const { mode, toggle } = useColorMode();
  const label = `Switch between dark and light mode${mode ? ` (currently ${mode} mode)` : ''}`;
  return (
    <button
      type="button"
      className={`color-mode-toggle ${className}`.trim()}
      onClick={toggle}
      aria-label={label}
      title={label}
    >
      <svg className="icon-light" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          fill="currentColor"
          d="M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10zm0-5a1 1 0 0 1 1 1v1.5a1 1 0 1 1-2 0V3a1 1 0 0 1 1-1zm0 17.5a1 1 0 0 1 1 1V21a1 1 0 1 1-2 0v-.5a1 1 0 0 1 1-1zM3 11h1.5a1 1 0 1 1 0 2H3a1 1 0 1 1 0-2zm16.5 0H21a1 1 0 1 1 0 2h-1.5a1 1 0 1 1 0-2zM5.6 4.2l1.1 1.1a1 1 0 0 1-1.4 1.4L4.2 5.6a1 1 0 0 1 1.4-1.4zm12.5 12.5 1.1 1.1a1 1 0 0 1-1.4 1.4l-1.1-1.1a1 1 0 0 1 1.4-1.4zM19.8 5.6l-1.1 1.1a1 1 0 0 1-1.4-1.4l1.1-1.1a1 1 0 0 1 1.4 1.4zM6.7 18.1l-1.1 1.1a1 1 0 0 1-1.4-1.4l1.1-1.1a1 1 0 0 1 1.4 1.4z"
        />
      </svg>
      <svg className="icon-dark" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          fill="currentColor"
          d="M9.4 2.6a1 1 0 0 1 .2 1.1A8 8 0 0 0 20.3 14.4a1 1 0 0 1 1.3 1.3A10 10 0 1 1 8.3 2.4a1 1 0 0 1 1.1.2z"
        />
      </svg>
    </button>
  );
}
