import { useEffect, useRef } from 'react';
import { SHARE_PAGE_MS_MAX, SHARE_PAGE_REPORT_MAX } from '@wattle/shared';
import { reportDwell } from '../api/viewer';

/** Reports are sent this often while reading, and once more when the page goes away. */
const REPORT_EVERY_MS = 12_000;

/**
 * Time spent on each page: the page currently in view gathers time while the tab is visible; the
 * totals go to the server every 12 s and on pagehide (by beacon), then start again from zero.
 */
export function useDwellReporter(token: string, currentPage: number) {
  const pending = useRef(new Map<number, number>());
  const stretch = useRef({ page: currentPage, since: performance.now(), visible: !document.hidden });

  // Closes the running stretch onto its page and starts the next one now.
  const settle = () => {
    const now = performance.now();
    const { page, since, visible } = stretch.current;
    if (visible) pending.current.set(page, (pending.current.get(page) ?? 0) + (now - since));
    stretch.current = { ...stretch.current, since: now };
  };

  useEffect(() => {
    settle();
    stretch.current = { ...stretch.current, page: currentPage };
  }, [currentPage]);

  useEffect(() => {
    const flush = (leaving: boolean) => {
      settle();
      const pages = [...pending.current]
        .map(([page, ms]) => ({ page, ms: Math.min(SHARE_PAGE_MS_MAX, Math.round(ms)) }))
        .filter((entry) => entry.ms > 0)
        .slice(0, SHARE_PAGE_REPORT_MAX);
      pending.current.clear();
      if (pages.length > 0) reportDwell(token, { pages }, leaving);
    };
    const timer = window.setInterval(() => flush(false), REPORT_EVERY_MS);
    const onHide = () => flush(true);
    // Time in a hidden tab is not reading time.
    const onVisibility = () => {
      settle();
      stretch.current = { ...stretch.current, visible: !document.hidden };
    };
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      flush(true);
    };
  }, [token]);
}
