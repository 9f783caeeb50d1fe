import { Alert, Button, Container } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { t } from '@/shared/messages';
import { retryFailedLoads } from '../preloadable';

type Props = { children: ReactNode };
type State = { failed: boolean };

/**
 * Keeps a failure inside one screen: a chunk that did not download (a phone losing its connection
 * while moving to another page) or a render error shows SPEC's reload message with "Try again",
 * instead of unmounting the whole app to a blank page. "Try again" renders the screen anew, which
 * downloads a failed chunk again (src/views/preloadable.ts). The app shell keys it by path, so
 * going to another page starts clean. It also wraps the commerce overlays (src/views/app.tsx).
 */
export class ScreenErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  retry = () => {
    retryFailedLoads();
    this.setState({ failed: false });
  };

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('A screen failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Container size="sm" py="xl">
        <Alert color="red" variant="light" role="alert" title={t('messages.reload')}>
          <Button size="xs" variant="white" color="red" mt={4} onClick={this.retry}>
            Try again
          </Button>
        </Alert>
      </Container>
    );
  }
}
