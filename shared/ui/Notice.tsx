import type { ReactNode } from 'react';
import { Button } from './Button';

/** An inline message. Errors are announced (role=alert), others politely. */
export function Notice({ tone = 'info', children }: { tone?: 'info' | 'error' | 'success'; children: ReactNode }) {
  return (
    <div
      className="sm-notice"
      data-tone={tone}
      role={tone === 'error' ? 'alert' : 'status'}
      part={`notice notice-${tone}`}
    >
      {children}
    </div>
  );
}

/** A failure that can be tried again: its message, then a link-styled button that retries. */
export function RetryNotice({ children, retry, onRetry }: { children: ReactNode; retry: string; onRetry: () => void }) {
  return (
    <Notice tone="error">
      {children}{' '}
      <Button variant="link" onClick={() => onRetry()}>
        {retry}
      </Button>
    </Notice>
  );
}
