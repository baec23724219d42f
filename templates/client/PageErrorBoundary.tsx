import { Component, type ReactNode } from 'react';

/** An error's message followed by the messages of its `cause` chain (cycles and depth bounded). */
export function errorCauseChain(error: unknown): string[] {
  const messages: string[] = [];
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current !== undefined && current !== null && !seen.has(current) && messages.length < 10) {
    seen.add(current);
    messages.push(
      current instanceof Error
        ? current.name && current.name !== 'Error'
          ? `${current.name}: ${current.message}`
          : current.message
        : String(current),
    );
    current = current instanceof Error ? current.cause : undefined;
  }
  return messages;
}

/** spec §8 "Page crash": the title, a `Try again` button and the error message with its cause chain. */
export function CrashPage({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const [message, ...causes] = errorCauseChain(error);
  return (
    <main id="__main" className="page-main crash-page" tabIndex={-1}>
      <h1>This page crashed.</h1>
      <button type="button" className="crash-retry" onClick={onRetry}>
        Try again
      </button>
      <div className="crash-error" role="alert">
        <p className="crash-message">{message}</p>
        {causes.map((cause, i) => (
          <p key={i} className="crash-cause">
            Cause: {cause}
          </p>
        ))}
      </div>
    </main>
  );
}

interface Props {
  children: ReactNode;
  /** A new value (the next route) clears a crash. */
  resetKey: string;
}

interface State {
  crash: { error: unknown } | null;
  resetKey: string;
}

/**
 * Client runtime: catches a page that throws while rendering and shows the crash page instead of a blank
 * document. React only offers error boundaries as class components, hence the one class in templates/.
 * It stays mounted across routes (so the sidebar keeps its state); a new `resetKey` clears the crash.
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { crash: null, resetKey: this.props.resetKey };

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { crash: null, resetKey: props.resetKey };
  }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { crash: { error } };
  }

  override render(): ReactNode {
    const { crash } = this.state;
    return crash ? (
      <CrashPage error={crash.error} onRetry={() => this.setState({ crash: null })} />
    ) : (
      this.props.children
    );
  }
}
