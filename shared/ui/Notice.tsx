import type { ReactNode } from 'react';

/** An inline message. Errors are announced (role=alert), others politely. */
export function Notice({ tone = 'info', children }: { tone?: 'info' | 'error' | 'success'; children: ReactNode }) {
  return (
    <div className="sm-notice" data-tone={tone} role={tone === 'error' ? 'alert' : 'status'} part={`notice notice-${tone}`}>
      {children}
    </div>
  );
}
