import { createContext, useContext, type ReactNode } from 'react';
import { precompiledValidators, type StepValidatorSource } from './validators';

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
