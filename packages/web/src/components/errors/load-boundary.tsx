import { Component, type ComponentType, lazy, type ReactNode } from 'react';
import { NotAvailableOffline } from '../feedback/not-available-offline';

/** Whether an error is a part of the app's code that could not be fetched (offline, a server away). */
export function isLoadFailure(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError/i.test(
    message,
  );
}

/**
 * A part of the app loaded when first shown (React.lazy) that can be asked for again: React
 * keeps a failed load for good, so `retry` starts a fresh one for the next time it is drawn.
 */
export function retryableLazy<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> & { retry: () => void } {
  let Current = lazy(load);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per module, as React.lazy is.
  const Part = (props: P) => <Current {...props} />;
  return Object.assign(Part, {
    retry: () => {
      Current = lazy(load);
    },
  });
}

/**
 * Around a part loaded on demand: when its code cannot be fetched (offline before the app was
 * kept for offline use, a server restarting), that part says so in place and the rest of the
 * app goes on (or, with `fallback`, it shows that instead: nothing, for a part that only adds
 * to what is there). Any other error goes on to the boundary above.
 */
export class LoadBoundary extends Component<
  { children: ReactNode; retry: () => void; fallback?: ReactNode },
  { error: unknown; failed: boolean }
> {
  override state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown): void {
    // The next drawing (this one's retry, or the next opening) fetches the code again.
    if (isLoadFailure(error)) this.props.retry();
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    if (!isLoadFailure(this.state.error)) throw this.state.error;
    if (this.props.fallback !== undefined) return this.props.fallback;
    return <NotAvailableOffline onRetry={() => this.setState({ error: undefined, failed: false })} />;
  }
}
