/** What every registered screen receives: its route and that route's copy from flow-config/pages. */
export interface ScreenProps {
  route: string;
  copy: Record<string, string>;
}
