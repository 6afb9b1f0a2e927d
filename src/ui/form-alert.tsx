import type { ReactNode } from 'react';

/**
 * A problem with a step as a whole (a failed verification, a list that would not load): red on pale red with a
 * mark, so it reads as an error by more than its colour, and announced when it appears.
 */
export function FormAlert({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <p className="form-alert" role="alert" id={id}>
      {children}
    </p>
  );
}
