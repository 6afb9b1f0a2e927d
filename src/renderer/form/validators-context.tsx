import { createContext, useContext, useEffect, useReducer, useState, type ReactNode } from 'react';
import type { RJSFSchema } from '@rjsf/utils';
import { precompiledValidators, type StepValidator, type StepValidatorSource } from './validators';

const ValidatorsContext = createContext<StepValidatorSource>(precompiledValidators);

/**
 * Lets a test render forms against schemas compiled on the spot (a temporary config); the app never sets it,
 * so the browser only ever runs the precompiled validators.
 */
export function StepValidatorsProvider({ source, children }: { source: StepValidatorSource; children: ReactNode }) {
  return <ValidatorsContext value={source}>{children}</ValidatorsContext>;
}

export function useStepValidators(): StepValidatorSource {
  return useContext(ValidatorsContext);
}

/**
 * Loads the named schemas with their validators; true once all have (an unknown name is left to the caller).
 * A failed download throws, for the page's error boundary to say so.
 */
function useLoaded(source: StepValidatorSource, names: readonly string[]): boolean {
  const known = names.filter((name) => source.ids.includes(name));
  const ready = known.every((name) => source.get(name) !== undefined);
  const key = known.join(',');
  const [, loaded] = useReducer((count: number) => count + 1, 0);
  const [failure, setFailure] = useState<Error | null>(null);
  useEffect(() => {
    if (ready) return;
    let live = true;
    Promise.all(key.split(',').map((name) => source.load(name))).then(
      () => live && loaded(),
      (error: unknown) => live && setFailure(error instanceof Error ? error : new Error(String(error))),
    );
    return () => {
      live = false;
    };
  }, [source, key, ready]);
  if (failure) throw failure;
  return ready;
}

/**
 * One schema's validator: undefined while its chunk loads (show a spinner), then the validator. An unknown id
 * throws at once, and a failed download throws too, for the page's error boundary to say so.
 */
export function useStepValidator(schemaId: string): StepValidator | undefined {
  const source = useStepValidators();
  const ready = source.get(schemaId);
  useLoaded(source, [schemaId]);
  return ready;
}

/**
 * What a form's name check needs: every known schema id, with the schemas `names` names once loaded (the others
 * are only listed as known); undefined while they load.
 */
export function useNamedSchemas(names: readonly string[]): Readonly<Record<string, RJSFSchema>> | undefined {
  const source = useStepValidators();
  if (!useLoaded(source, names)) return undefined;
  return Object.fromEntries(source.ids.map((id) => [id, (names.includes(id) ? source.get(id)?.schema : undefined) ?? {}]));
}
