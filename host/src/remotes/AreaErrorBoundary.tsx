import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** Rendered instead of the children once they threw. */
  fallback: (error: unknown) => ReactNode;
  /** The boundary forgets an error when this changes (the user went to another screen). */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  resetKey: string;
}

/** Keeps a remote's failure (load or render) inside its area: the menu, header and other areas keep working. */
export class AreaErrorBoundary extends Component<Props, State> {
  constructor(props: Props) {
    super(props);
    this.state = { error: null, resetKey: props.resetKey };
  }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('An area failed', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.error !== null ? this.props.fallback(this.state.error) : this.props.children;
  }
}
