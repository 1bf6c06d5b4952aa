import { Component, type ReactNode } from 'react';

interface TProps {
  fallback: (error: unknown) => ReactNode;
  children: ReactNode;
}

/** Catches a render or lazy-load failure below it and renders the fallback instead. */
export class ErrorBoundary extends Component<TProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}
