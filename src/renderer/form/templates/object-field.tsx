import { getDefaultRegistry } from '@rjsf/core';
import type { FieldProps, FormContextType, RJSFSchema } from '@rjsf/utils';
import { createContext, useCallback, useContext, useRef } from 'react';
import type { StepFormData } from '../types';

type Props = FieldProps<StepFormData, RJSFSchema, FormContextType>;
/** Sets some of an object's fields at once (a nominee's address from the applicant's). */
export type ObjectPatch = (values: Readonly<Record<string, unknown>>) => void;

const defaultObjectField = getDefaultRegistry<StepFormData, RJSFSchema, FormContextType>().fields.ObjectField;
if (!defaultObjectField) throw new Error("rjsf's registry has no ObjectField");
const DefaultObjectField = defaultObjectField;
const ObjectPatchContext = createContext<ObjectPatch | undefined>(undefined);

/** How the object being drawn sets several of its own fields at once: rjsf's templates have no onChange of their own. */
export const useObjectPatch = (): ObjectPatch | undefined => useContext(ObjectPatchContext);

/** rjsf's ObjectField, offering its template (and what it draws) a way to change several fields in one change. */
export function ObjectField(props: Props) {
  const { onChange, fieldPathId, formData } = props;
  const latest = useRef(formData);
  latest.current = formData;
  const patch = useCallback<ObjectPatch>((values) => onChange({ ...(latest.current ?? {}), ...values }, fieldPathId.path), [onChange, fieldPathId]);
  return (
    <ObjectPatchContext.Provider value={patch}>
      <DefaultObjectField {...props} />
    </ObjectPatchContext.Provider>
  );
}
