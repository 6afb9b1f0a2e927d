import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ConfigAlert } from './config-alert';

interface Props {
  route: string;
  children: ReactNode;
}

/**
 * Last line of defence for a step page: whatever a screen or form throws while rendering (a widget rjsf
 * cannot place, a chunk that failed to load), the card says so and names the route instead of going blank.
 * StepPage keys it by route, so moving to another page starts clean.
 */
export class PageErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`page ${this.props.route} failed to render`, error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const { route } = this.props;
    return <ConfigAlert route={route} problems={[error.message]} lead={`Page ${route} could not be shown.`} />;
  }
}
