import { useConfig } from '../../config/config-context';
import type { UploadTexts } from '../../engine/config-types';

/** A link from flow-config/messages.json `links` ('support', 'terms'), so widgets name links instead of copying URLs. */
export function useConfigLink(name: string): string | undefined {
  return useConfig().messages.links[name];
}

/** The upload control's texts (flow-config/messages.json `uploads`), the same in every form. */
export function useUploadTexts(): UploadTexts {
  return useConfig().messages.uploads;
}
