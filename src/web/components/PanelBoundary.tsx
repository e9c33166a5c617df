import { Component, type ReactNode } from "react";

/**
 * Keeps a failure inside one panel: the panel shows `message` and the rest of the page (an editor with
 * the person's text, its save state) keeps working. A new `resetKey` (the next keystroke) tries again.
 */
export class PanelBoundary extends Component<
  { message: string; resetKey: unknown; children: ReactNode },
  { failed: unknown }
> {
  state = { failed: null as unknown };

  static getDerivedStateFromError(failed: unknown) {
    return { failed: failed ?? true };
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  componentDidUpdate(prev: { resetKey: unknown }) {
    if (this.state.failed && prev.resetKey !== this.props.resetKey) this.setState({ failed: null });
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return <PanelFailed message={this.props.message} />;
  }
}

export function PanelFailed({ message }: { message: string }) {
  return (
    <p
      role="alert"
      className="m-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200"
    >
      {message}
    </p>
  );
}
