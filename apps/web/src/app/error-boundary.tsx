import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** what to show instead of the failed subtree; `retry` renders it again */
  fallback: (retry: () => void) => ReactNode;
  /** a change of this value (the route) clears the error */
  resetKey?: unknown;
  children: ReactNode;
}

/** Keeps a failed page (a chunk that did not load, a render error) from blanking the whole app. */
export class ErrorBoundary extends Component<Props, { error: unknown; resetKey: unknown }> {
  override state = { error: null as unknown, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; resetKey: unknown }) {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error ? this.props.fallback(() => this.setState({ error: null })) : this.props.children;
  }
}
