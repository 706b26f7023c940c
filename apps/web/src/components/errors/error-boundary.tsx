import { Component, type ErrorInfo, type ReactNode } from 'react';

type FallbackRender = (props: { error: unknown; reset: () => void }) => ReactNode;

type ErrorBoundaryProps = {
  children: ReactNode;
  /** What replaces the children once they fail to render. */
  fallback: ReactNode | FallbackRender;
  onError?: (error: unknown, info: ErrorInfo) => void;
  /** A change renders the children again, as a route's error screen goes on navigation. */
  resetKey?: unknown;
};

type ErrorBoundaryState = { failed: boolean; error: unknown };

// React still offers error boundaries only as class components.
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false, error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { failed: true, error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.props.onError?.(error, info);
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.reset();
  }

  reset = (): void => {
    this.setState({ failed: false, error: null });
  };

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    const { fallback } = this.props;
    return typeof fallback === 'function'
      ? fallback({ error: this.state.error, reset: this.reset })
      : fallback;
  }
}
