import { useCallback, useState } from 'react';

/** What a back-office page says after an action: done, or why not. */
export interface OpsNotice {
  error: boolean;
  text: string;
  /** How many notices the page has shown: the key of the notice's node, so one that repeats the last is a new node. */
  shown: number;
}

/**
 * A page's notice for its polite live region. Screen readers announce what is added to the region: the same words
 * twice (two saves of one text) leave the node unchanged and were read out once. Each notice is a new node.
 */
export function useNotice(): [OpsNotice | null, (notice: Omit<OpsNotice, 'shown'>) => void] {
  const [notice, setNotice] = useState<OpsNotice | null>(null);
  const show = useCallback((next: Omit<OpsNotice, 'shown'>) => setNotice((last) => ({ ...next, shown: (last?.shown ?? 0) + 1 })), []);
  return [notice, show];
}

/** The page's polite live region with its latest notice, if any. */
export function NoticeRegion({ notice }: { notice: OpsNotice | null }) {
  return (
    <div aria-live="polite">
      {notice ? (
        <p key={notice.shown} className={notice.error ? 'ops-error' : 'ops-notice'}>
          {notice.text}
        </p>
      ) : null}
    </div>
  );
}
