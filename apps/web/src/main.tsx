import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { App } from './app/app.tsx';
import { prefetchRouteChunk } from './app/router.tsx';
import { initialLanguage } from './features/language/language-prefs.ts';
import { getStatusQueryOptions } from './features/system/api/get-status.ts';
import { applyTheme, useThemeStore } from './features/theme/theme-store.ts';
import { initI18n } from './lib/i18n.ts';
import { queryClient } from './lib/query-client.ts';

applyTheme(useThemeStore.getState().theme);
// The status call, the page's chunk and the language file load side by side.
void queryClient.prefetchQuery(getStatusQueryOptions());
prefetchRouteChunk(window.location.pathname);
await initI18n(initialLanguage());

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
