import type { ReactNode } from 'react';

/** What a doc written for Docusaurus gives each tab: `<TabItem value="npm" label="npm" default>…</TabItem>`. */
export interface TabItemProps {
  value: string;
  label?: string | undefined;
  /** The tab shown first, when the Tabs name none with `defaultValue`. */
  default?: boolean | undefined;
  children?: ReactNode;
}

/**
 * Docusaurus's `@theme/TabItem`. Inside `@theme/Tabs` only its props are read (Tabs.tsx); on its own it shows its
 * content, as Docusaurus's does.
 */
export default function TabItem({ children }: TabItemProps) {
  return <div>{children}</div>;
}
