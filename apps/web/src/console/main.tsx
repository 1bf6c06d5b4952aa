import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../styles/global.css';
import { watchFocus } from '../lib/focus-watch.ts';
import { ConsoleApp } from './app/console-app.tsx';
import { applyTheme, savedTheme } from './features/shell/theme.ts';

// The operator console (issue 24): its own entry (console.html) and build, sharing only ui primitives and styles
// with the member app — never its shell, i18n, routes or stores.
applyTheme(savedTheme());
// Modals give the focus back to the control they were opened from (components/ui/modal-frame.tsx).
watchFocus();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from console.html');
createRoot(root).render(
  <StrictMode>
    <ConsoleApp />
  </StrictMode>,
);
