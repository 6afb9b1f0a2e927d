import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left of a wait; restart() begins it again; extend() adds time while some is left (WCAG 2.2.1: a
 * time limit the applicant can lengthen). One tick per second.
 */
export function useCountdown(seconds: number): { left: number; restart: () => void; extend: (more: number) => void } {
  const [left, setLeft] = useState(seconds);
  const [round, setRound] = useState(0);

  useEffect(() => {
    setLeft(seconds);
    const timer = setInterval(() => {
      setLeft((value) => {
        if (value <= 1) clearInterval(timer);
        return Math.max(0, value - 1);
      });
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds, round]);

  const restart = useCallback(() => setRound((value) => value + 1), []);
  const extend = useCallback((more: number) => setLeft((value) => (value > 0 ? value + more : value)), []);
  return { left, restart, extend };
}
