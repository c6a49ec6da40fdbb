import { useEffect, useState } from 'react';

const MINUTE = 60_000;

/** The current time, refreshed every minute, so that Today follows midnight while the page stays open. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), MINUTE);
    return () => clearInterval(timer);
  }, []);
  return now;
}
