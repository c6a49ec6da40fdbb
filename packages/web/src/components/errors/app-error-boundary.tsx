import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CrashScreen } from './crash-screen';

/**
 * Last line of defence around the whole app: a render crash anywhere outside the router's
 * own error handling shows the apology screen and is reported to the console.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { crashed: boolean }> {
  override state = { crashed: false };

  static getDerivedStateFromError(): { crashed: boolean } {
    return { crashed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[crash] the app failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.crashed ? <CrashScreen /> : this.props.children;
  }
}
