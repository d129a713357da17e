import DOMPurify from 'dompurify';
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { Announcement } from '@app/contracts';
import { useGetMyAnnouncementsQuery } from '../api/get-my-announcements';
import { loadDismissedAnnouncements, saveDismissedAnnouncements } from '../utils/dismissed-announcements';
import './announcements.css';

/**
 * The announcements panel of spec 4: the current announcements and those for this page (asked per
 * site_path), as HTML made safe first. Closing it remembers every general announcement as dismissed for
 * two days; page-specific ones stay hidden for this visit of the page only.
 */
export function AnnouncementsPanel() {
  const { pathname } = useLocation();
  const general = useGetMyAnnouncementsQuery();
  const forPage = useGetMyAnnouncementsQuery({ site_path: pathname });
  const [dismissed, setDismissed] = useState(() => loadDismissedAnnouncements());
  const [closedOnPath, setClosedOnPath] = useState<string | null>(null);

  const announcements = useMemo(() => {
    const all = [...(general.data ?? []), ...(forPage.data ?? [])];
    const unique = new Map<string, Announcement>();
    for (const announcement of all)
      if (!unique.has(announcement.id)) unique.set(announcement.id, announcement);
    return [...unique.values()].filter((announcement) => !(announcement.id in dismissed));
  }, [general.data, forPage.data, dismissed]);

  if (announcements.length === 0 || closedOnPath === pathname) return null;

  function handleClose() {
    const generalIds = announcements.filter((item) => !item.site_path).map((item) => item.id);
    setDismissed(saveDismissedAnnouncements(generalIds));
    setClosedOnPath(pathname);
  }

  return (
    <section className="announcements" aria-label="Announcements">
      <ul className="announcements__list">
        {announcements.map((announcement) => (
          <li key={announcement.id} className="announcements__item" data-announcement-id={announcement.id}>
            <AnnouncementMessage html={announcement.message} />
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="announcements__close"
        aria-label="Close announcements"
        onClick={handleClose}
      >
        <span aria-hidden="true">×</span>
      </button>
    </section>
  );
}

function AnnouncementMessage({ html }: { html: string }) {
  const safe = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  return <div className="announcements__message" dangerouslySetInnerHTML={{ __html: safe }} />;
}
