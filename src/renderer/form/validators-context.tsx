import { createContext, useContext, useEffect, useReducer, useState, type ReactNode } from 'react';
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
 * One schema's validator: undefined while its chunk loads (show a spinner), then the validator. An unknown id
 * throws at once, and a failed download throws too, for the page's error boundary to say so.
 */
export function useStepValidator(schemaId: string): StepValidator | undefined {
  const source = useStepValidators();
  const ready = source.get(schemaId);
  const [, loaded] = useReducer((count: number) => count + 1, 0);
  const [failure, setFailure] = useState<Error | null>(null);
  useEffect(() => {
    if (ready) return;
    let live = true;
    source.load(schemaId).then(
      () => live && loaded(),
      (error: unknown) => live && setFailure(error instanceof Error ? error : new Error(String(error))),
    );
    return () => {
      live = false;
    };
  }, [source, schemaId, ready]);
  if (failure) throw failure;
  return ready;
}
