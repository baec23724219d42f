import { createContext, useContext } from 'react';
import type { SiteData } from './shared/types.ts';

export const SiteContext = createContext<SiteData | null>(null);

/** spec §8: a hook used outside its provider says so, naming the hook. */
export function useSite(): SiteData {
  const site = useContext(SiteContext);
  if (!site) throw new Error('Hook useSite is called outside the <SiteContext.Provider>.');
  return site;
}
