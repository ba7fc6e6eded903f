import { useCallback, useState } from 'react';

const STORAGE_KEY = 'wattle-sidebar-collapsed';

/** The desktop sidebar's collapsed state, remembered on this device. */
export function useSidebarCollapsed(): [boolean, () => void] {
  const [collapsed, setCollapsed] = useState(() => {
    try {
      return localStorage.getItem(STORAGE_KEY) === 'true';
    } catch {
      return false;
    }
  });
  const toggle = useCallback(() => {
    setCollapsed((value) => {
      try {
        localStorage.setItem(STORAGE_KEY, String(!value));
      } catch {
        // Private mode: the choice lasts for this visit only.
      }
      return !value;
    });
  }, []);
  return [collapsed, toggle];
}
