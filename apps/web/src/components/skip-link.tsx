import type { MouseEvent } from 'react';

/**
 * "Skip to content": the first thing Tab reaches on every screen, shown only while focused. It moves
 * focus to the page's <main> (whatever layout drew it), so the next Tab is inside the content.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.querySelector('main');
    if (!main) return;
    event.preventDefault();
    if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
    main.focus();
    main.scrollIntoView();
  };
  return (
    <a
      href="#main"
      onClick={skip}
      className="sr-only z-[70] rounded-md bg-background text-sm font-medium text-foreground shadow-lg ring-2 ring-ring focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:px-4 focus:py-2"
    >
      Skip to content
    </a>
  );
}
