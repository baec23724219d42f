import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import { Tabs as PortalTabs } from '../api/Tabs.tsx';
import type { TabItemProps } from './TabItem.tsx';
import { useTabGroup } from './tab-groups.ts';

/**
 * Docusaurus's `@theme/Tabs`, so that docs written for it build here unchanged (`import Tabs from '@theme/Tabs'`):
 * its TabItem children become the portal's tabs (templates/api/Tabs.tsx), the one named by `defaultValue`, else the
 * item marked `default`, else the first, shown first. Labels come from the item, else from `values`, else the value.
 * Sets with the same `groupId` stay in step (tab-groups.ts); `queryString` (the tab in the URL) is accepted and not
 * acted on.
 */
export default function Tabs({
  children,
  defaultValue,
  values,
  className,
  groupId,
}: {
  children?: ReactNode;
  defaultValue?: string | undefined;
  values?: ReadonlyArray<{ value: string; label?: string | undefined }> | undefined;
  className?: string | undefined;
  groupId?: string | undefined;
  queryString?: boolean | string | undefined;
  lazy?: boolean | undefined;
}) {
  const items = Children.toArray(children).filter((child): child is ReactElement<TabItemProps> =>
    isValidElement<TabItemProps>(child),
  );
  const tabs = items.map(({ props }) => ({
    key: props.value,
    label: props.label ?? values?.find((v) => v.value === props.value)?.label ?? props.value,
    content: props.children,
  }));
  const first = defaultValue ?? items.find(({ props }) => props.default)?.props.value;
  const initial = Math.max(
    0,
    tabs.findIndex((tab) => tab.key === first),
  );
  const [groupValue, chooseInGroup] = useTabGroup(groupId);
  const inGroup = tabs.findIndex((tab) => tab.key === groupValue);
  return (
    <PortalTabs
      tabs={tabs}
      label="Tabs"
      initial={initial}
      selected={inGroup === -1 ? undefined : inGroup}
      onSelect={groupId === undefined ? undefined : (index) => chooseInGroup(tabs[index]?.key ?? '')}
      className={className ?? ''}
    />
  );
}
