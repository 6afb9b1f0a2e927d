/** What every registered screen receives: its route and that route's copy from flow-config/pages. */
export interface ScreenProps {
  route: string;
  copy: Record<string, string>;
  /** Screen-specific settings from the page config, checked by npm run check:config. */
  options?: Record<string, unknown>;
}
