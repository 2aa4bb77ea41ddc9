/**
 * <sm-subscribe view="update-payment|direct-subscribe">: the mobile app's entries (loaded on demand).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { Notice } from '../../shared/ui/Notice';
import { useModel } from '../../shared/ui/WidgetRoot';
import { createAppEntryModel, type AppEntryView } from './app-entry.model';

export default function AppEntry({ view }: { view: AppEntryView }) {
  useSignals();
  const model = useModel(createAppEntryModel);
  useEffect(() => model.show(view), [model, view]);
  const status = model.status.value;
  return (
    <div className="sm-card" part="card" data-view={view}>
      {status.kind === 'error' ? <Notice tone="error">{status.text}</Notice> : <p role="status">{status.text}</p>}
    </div>
  );
}
