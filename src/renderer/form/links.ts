import { useConfig } from '../../config/config-context';
import type { ControlTexts } from '../../../core/engine/config-types';

/** A link from flow-config/messages.json `links` ('support', 'terms'), so widgets name links instead of copying URLs. */
export function useConfigLink(name: string): string | undefined {
  return useConfig().messages.links[name];
}

/** The texts of the controls every form and dialog shares (flow-config/messages.json `controls`), in the applicant's language. */
export function useControlTexts(): ControlTexts {
  return useConfig().messages.controls;
}
