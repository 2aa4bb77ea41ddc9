/** The full-screen 'please wait...' overlay shown while loading. */
export function Overlay({ label = 'please wait...' }: { label?: string }) {
  return (
    <div className="sm-overlay" part="overlay" role="status" aria-live="polite">
      {label}
    </div>
  );
}
