import { lazy, Suspense } from 'react';
import { Spinner } from '../ui/spinner';
import type { CheckedSchemaFormProps } from './checked-schema-form';

/** The form engine loads when a screen first shows its form (the bank's manual entry, an income proof's upload), not with the screen. */
const CheckedSchemaForm = lazy(() => import('./checked-schema-form').then((m) => ({ default: m.CheckedSchemaForm })));

/** A form a screen shows on a later view than its first: its code and validators load when it is shown. */
export function EmbeddedForm(props: CheckedSchemaFormProps) {
  return (
    <Suspense fallback={<Spinner />}>
      <CheckedSchemaForm {...props} />
    </Suspense>
  );
}
