import { useCallback, useEffect, useState } from 'react';

/** Seconds left before a resend is allowed; restart() begins a new wait. One tick per second. */
export function useCountdown(seconds: number): { left: number; restart: () => void } {
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
  return { left, restart };
}
