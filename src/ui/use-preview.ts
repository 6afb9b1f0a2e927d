import { useEffect, useMemo } from 'react';

/** A preview URL for the chosen file, released when it changes. */
export function usePreview(file: File | undefined): string | undefined {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : undefined), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}
