import { useConfig } from '../../config/config-context';

/** A link from flow-config/messages.json `links` ('support', 'terms'), so widgets name links instead of copying URLs. */
export function useConfigLink(name: string): string | undefined {
  return useConfig().messages.links[name];
}
