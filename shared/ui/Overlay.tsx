import { useT } from './WidgetRoot';

/** The full-screen 'please wait...' overlay shown while loading (in the widget's language unless given a label). */
export function Overlay({ label }: { label?: string }) {
  const t = useT();
  return (
    <div className="sm-overlay" part="overlay" role="status" aria-live="polite">
      {label ?? t('ui.wait')}
    </div>
  );
}
