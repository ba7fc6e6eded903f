import { useSyncExternalStore } from 'react';

/** A screen touched with a finger, with nothing to hover or drag with: phones and tablets. */
const TOUCH_QUERY = '(hover: none) and (pointer: coarse)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(TOUCH_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

export function useTouchScreen(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(TOUCH_QUERY).matches, () => false);
}
