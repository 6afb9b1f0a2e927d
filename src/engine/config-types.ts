import type { FlowConfig } from './flow-types';

/** The copy and screen a route shows, from flow-config/pages/*.json. */
export interface PageConfig {
  screen: string;
  copy: Record<string, string>;
}

export interface PagesFile {
  pages: Record<string, PageConfig>;
}

export interface Messages {
  errors: Record<string, string>;
  serverMessages: Record<string, string>;
  toasts: Record<string, string>;
  validation: Record<string, string>;
  links: Record<string, string>;
}

/** Everything in flow-config/, as loaded. File names are kept so errors can name the culprit. */
export interface ConfigBundle {
  flow: FlowConfig;
  pageFiles: Record<string, PagesFile>;
  messages: Messages;
}
