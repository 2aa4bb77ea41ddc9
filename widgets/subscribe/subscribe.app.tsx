/**
 * <sm-subscribe view="update-payment|direct-subscribe">: the mobile app's entries (loaded on demand).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { Notice } from '../../shared/ui/Notice';
import { createAppEntryModel, type AppEntryModel } from './app-entry.model';

export default function AppEntry({ view }: { view: 'update-payment' | 'direct-subscribe' }) {
  useSignals();
  const [model] = useState<AppEntryModel>(() => createAppEntryModel());
  useEffect(() => model.start(view), [model, view]);
  const status = model.status.value;
  return (
    <div className="sm-card" part="card" data-view={view}>
      {status.kind === 'error' ? <Notice tone="error">{status.text}</Notice> : <p role="status">{status.text}</p>}
    </div>
  );
}

