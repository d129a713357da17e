import { Component, type ReactNode } from 'react';

type OptionalPartProps = { children: ReactNode };
type OptionalPartState = { hasFailed: boolean };

/**
 * A part of the shell the page can do without (the background services, the announcements): when it
 * fails, typically its lazily loaded code while the browser is offline, it shows nothing instead of
 * taking the page down to the error screen. The next page load brings it back.
 */
export class OptionalPart extends Component<OptionalPartProps, OptionalPartState> {
  state: OptionalPartState = { hasFailed: false };

  static getDerivedStateFromError(): OptionalPartState {
    return { hasFailed: true };
  }

  render() {
    return this.state.hasFailed ? null : this.props.children;
  }
}
