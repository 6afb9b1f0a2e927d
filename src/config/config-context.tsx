import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { mergePages, type ConfigBundle, type Messages, type PageConfig } from '../../core/engine/config-types';
import type { FlowConfig } from '../../core/engine/flow-types';

export interface LoadedConfig {
  bundle: ConfigBundle;
  flow: FlowConfig;
  messages: Messages;
  /** Every page of every file, keyed by route. */
  pages: Record<string, PageConfig>;
}

const ConfigContext = createContext<LoadedConfig | null>(null);

/** Tests render the app with a temporary bundle (e.g. two steps swapped) through this provider. */
export function ConfigProvider({ bundle, children }: { bundle: ConfigBundle; children: ReactNode }) {
  const value = useMemo<LoadedConfig>(
    () => ({ bundle, flow: bundle.flow, messages: bundle.messages, pages: mergePages(bundle) }),
    [bundle],
  );
  return <ConfigContext value={value}>{children}</ConfigContext>;
}

export function useConfig(): LoadedConfig {
  const value = useContext(ConfigContext);
  if (!value) throw new Error('useConfig() needs a <ConfigProvider> above it');
  return value;
}
