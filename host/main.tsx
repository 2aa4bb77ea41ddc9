import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DEFAULT_API_BASE } from '../shared/config/config';
import { browserDeps } from '../shared/deps/deps';
import { DepsProvider } from '../shared/ui/WidgetRoot';
import { Portal } from './Portal';
import './portal.css';

const root = document.getElementById('portal');
if (!root) throw new Error('The portal page needs an element with id="portal".');
createRoot(root).render(
  <StrictMode>
    {/* The portal page is the portal: its own API host, hash navigation. */}
    <DepsProvider value={browserDeps({ apiBase: DEFAULT_API_BASE, portalUrl: '' }, document)}>
      <Portal />
    </DepsProvider>
  </StrictMode>,
);
