import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec section 9: the avatar upload's progress climbs in steps of 10 every 100 ms. */
export const FAKE_PROGRESS_STEP = 10;
export const FAKE_PROGRESS_INTERVAL_MS = 100;
/** It waits here for the real answer, so it never claims to be done before it is. */
const FAKE_PROGRESS_CEILING = 90;

export function useFakeProgress() {
  const [progress, setProgress] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval>>(undefined);

  const stopTimer = () => {
    clearInterval(timer.current);
    timer.current = undefined;
  };

  const start = useCallback(() => {
    stopTimer();
    setProgress(0);
    timer.current = setInterval(() => setProgress((p) => Math.min(p + FAKE_PROGRESS_STEP, FAKE_PROGRESS_CEILING)), FAKE_PROGRESS_INTERVAL_MS);
  }, []);

  /** Finished either way: progress resets to zero afterwards (spec section 4). */
  const finish = useCallback(() => {
    stopTimer();
    setProgress(0);
  }, []);

  const complete = useCallback(() => {
    stopTimer();
    setProgress(100);
  }, []);

  useEffect(() => stopTimer, []);
  return { progress, start, complete, finish };
}
