import { useEffect, useState } from 'react';

/** Spec 9: the mobile breakpoint. */
export const MOBILE_MAX_WIDTH = 500;
const narrowQuery = `(max-width: ${MOBILE_MAX_WIDTH}px)`;

/** Whether the screen is a phone's (up to 500 px wide); follows rotation and resizing. */
export function useIsNarrow(): boolean {
  const [narrow, setNarrow] = useState(() => typeof window !== 'undefined' && window.matchMedia(narrowQuery).matches);
  useEffect(() => {
    const media = window.matchMedia(narrowQuery);
    const onChange = () => setNarrow(media.matches);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);
  return narrow;
}
