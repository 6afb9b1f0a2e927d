import type { WidgetConfig } from './identity-provider';

/**
 * Origins the browser must reach for the identity widget, added to the Content Security Policy only when the
 * widget is Digio's: its Web SDK script is served from app.digio.in (src/identity/digio-sdk.ts), and its
 * sandbox environment opens ext.digio.in. The in-app sandbox widget needs nothing beyond 'self'.
 */
export function identityWidgetOrigins(widget: WidgetConfig): string[] {
  if (widget.kind !== 'digio') return [];
  return widget.environment === 'sandbox' ? ['https://app.digio.in', 'https://ext.digio.in'] : ['https://app.digio.in'];
}
