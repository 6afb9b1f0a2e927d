import { Suspense } from 'react';
import { Spinner } from '../ui/spinner';
import type { CheckedSchemaFormProps } from './checked-schema-form';
import { preloadable } from './preloadable';

/** The form engine loads when a screen first shows its form (the bank's manual entry, an income proof's upload), not with the screen. */
const CheckedSchemaForm = preloadable<CheckedSchemaFormProps>(() => import('./checked-schema-form').then((m) => m.CheckedSchemaForm));

/**
 * A form a screen shows on a later view than its first: its code and validators load when it is shown, or before
 * once the applicant starts on the page (`EmbeddedForm.preload`, src/renderer/use-later-views-preload.ts).
 */
export const EmbeddedForm = Object.assign(
  function EmbeddedForm(props: CheckedSchemaFormProps) {
    return (
      <Suspense fallback={<Spinner />}>
        <CheckedSchemaForm {...props} />
      </Suspense>
    );
  },
  { preload: CheckedSchemaForm.preload },
);
