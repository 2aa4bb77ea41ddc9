import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Portal } from './Portal';
import './portal.css';

const root = document.getElementById('portal');
if (!root) throw new Error('The portal page needs an element with id="portal".');
createRoot(root).render(
  <StrictMode>
    <Portal />
  </StrictMode>,
);
