import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSite } from '../site-context.tsx';
import type { SiteData } from '../shared/types.ts';
import { THEME_KEY } from '../shared/storage-keys.ts';
import { listenStorage, removeStorage, writeStorage } from './storage.ts';

export type ColorMode = 'light' | 'dark';

interface ColorModeValue {
  /** null until the browser has told us (server rendering and the first client render). */
  mode: ColorMode | null;
  setMode(mode: ColorMode): void;
  toggle(): void;
}

const ColorModeContext = createContext<ColorModeValue | null>(null);

const coerce = (value: string | null | undefined): ColorMode | null =>
  value === 'light' || value === 'dark' ? value : null;
const DARK_QUERY = '(prefers-color-scheme: dark)';

/** spec §4: with no stored choice, the system preference if respected, otherwise the default mode. */
function fallbackMode(colorMode: SiteData['colorMode']): ColorMode {
  if (colorMode.respectPrefersColorScheme) return window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
  return colorMode.defaultMode;
}

const apply = (mode: ColorMode): void => {
  document.documentElement.dataset.theme = mode;
};

/**
 * Colour mode for the whole shell (spec §4, issue 3 item 6). The pre-paint script in src/render/document.ts
 * has already set `data-theme` on <html>; this provider picks it up, stores toggles under `theme`, and
 * follows other tabs and (when respected) the system preference.
 */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  const { colorMode } = useSite();
  const [mode, setState] = useState<ColorMode | null>(null);

  useEffect(() => {
    setState(coerce(document.documentElement.dataset.theme) ?? fallbackMode(colorMode));
  }, [colorMode]);

  const setMode = useCallback((next: ColorMode) => {
    apply(next);
    setState(next);
    writeStorage(THEME_KEY, next);
  }, []);

  // A choice made or cleared in another tab.
  useEffect(() => {
    if (colorMode.disableSwitch) return undefined;
    return listenStorage(THEME_KEY, (value) => {
      const next = coerce(value) ?? fallbackMode(colorMode);
      apply(next);
      setState(next);
    });
  }, [colorMode]);

  // A change of the system preference wins over an earlier choice, as the latest thing the reader did.
  useEffect(() => {
    if (!colorMode.respectPrefersColorScheme) return undefined;
    const query = window.matchMedia(DARK_QUERY);
    const onChange = () => {
      if (window.matchMedia('print').matches) return;
      removeStorage(THEME_KEY);
      const next: ColorMode = query.matches ? 'dark' : 'light';
      apply(next);
      setState(next);
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [colorMode]);

  const value = useMemo<ColorModeValue>(
    () => ({
      mode,
      setMode,
      toggle: () => setMode((coerce(document.documentElement.dataset.theme) ?? mode) === 'dark' ? 'light' : 'dark'),
    }),
    [mode, setMode],
  );
  return <ColorModeContext.Provider value={value}>{children}</ColorModeContext.Provider>;
}

/** spec §8: a hook used outside its provider says so. */
export function useColorMode(): ColorModeValue {
  const value = useContext(ColorModeContext);
  if (!value)
    throw new Error('Hook useColorMode is called outside the <ColorModeProvider>. Render it inside <Layout>.');
  return value;
}
