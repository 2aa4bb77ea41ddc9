/**
 * <sm-subscribe view="update-payment|direct-subscribe">: the mobile app's entries (loaded on demand).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { useModel } from '../../shared/ui/WidgetRoot';
import { createAppEntryModel, type AppEntryView } from './app-entry.model';
import { AppEntryCard } from './subscribe.parts';

export default function AppEntry({ view }: { view: AppEntryView }) {
  useSignals();
  const model = useModel(createAppEntryModel);
  useEffect(() => model.show(view), [model, view]);
  return <AppEntryCard view={view} status={model.status.value} />;
}
