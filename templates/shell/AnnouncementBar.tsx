import { useEffect, useState } from 'react';
import { useSite } from '../site-context.tsx';
import { isAnnouncementDismissed, storeAnnouncementDismissed } from './announcement.ts';

/**
 * spec §3 / §4, issue 3 item 7: the optional banner above the navbar. A bar the reader closed is already
 * hidden by CSS before first paint (`data-announcement-dismissed` on <html>), so it never flashes.
 */
export function AnnouncementBar() {
  const bar = useSite().announcementBar;
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    if (bar?.isCloseable && isAnnouncementDismissed(bar.id)) setClosed(true);
  }, [bar]);
  if (!bar || closed) return null;
  const close = () => {
    storeAnnouncementDismissed(bar.id);
    document.documentElement.dataset.announcementDismissed = 'true';
    setClosed(true);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled region is the landmark a labelled section would be; the markup stays as the tests and stored pages know it
    <div
      className="announcement-bar"
      data-announcement-id={bar.id}
      style={{ backgroundColor: bar.backgroundColor, color: bar.textColor }}
      role="region"
      aria-label="Announcement"
    >
      {/* Site authors' own HTML from the config, which the portal trusts. */}
      <div className="announcement-content" dangerouslySetInnerHTML={{ __html: bar.content }} />
      {bar.isCloseable && (
        <button
          type="button"
          className="announcement-close"
          onClick={close}
          aria-label="Close announcement"
          title="Close announcement"
        >
          <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
            <path
              fill="currentColor"
              d="M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4 10.6 12 5 17.6 6.4 19 12 13.4 17.6 19 19 17.6 13.4 12z"
            />
          </svg>
        </button>
      )}
    </div>
  );
}
