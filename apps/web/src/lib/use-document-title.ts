import { useEffect } from 'react';

const SITE_NAME = 'Wattle PDF';

/** Sets the browser tab title to "<title> | Wattle PDF" (or the site name alone). */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${SITE_NAME}` : `${SITE_NAME} – Australia's most trusted PDF tools`;
  }, [title]);
}
