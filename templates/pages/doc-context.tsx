import { createContext, useContext } from 'react';
import type { SidebarItem } from '../shared/types.ts';

/** The doc a body is rendered in, for components of the body that show its surroundings (DocCardList). */
export interface DocSurroundings {
  path: string;
  sidebar: readonly SidebarItem[] | undefined;
}

export const DocContext = createContext<DocSurroundings | null>(null);

/** The doc around the calling component; null outside a doc's body. */
export const useDoc = (): DocSurroundings | null => useContext(DocContext);
