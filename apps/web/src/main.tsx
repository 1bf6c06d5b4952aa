import { StrictMode } from 'react';
import { DEFAULT_LANGUAGE } from '@playhall/contract/languages';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { App } from './app/app.tsx';
import { prefetchRouteChunk } from './app/router.tsx';
import { chosenLanguage } from './features/language/language-prefs.ts';
import { getStatusQueryOptions } from './features/system/api/get-status.ts';
import { applyTheme, useThemeStore } from './features/theme/theme-store.ts';
import { watchFocus } from './lib/focus-watch.ts';
import { initI18n } from './lib/i18n.ts';
import { queryClient } from './lib/query-client.ts';

applyTheme(useThemeStore.getState().theme);
// Before any modal opens: a modal gives the focus back to the control it was opened from.
watchFocus();
// The status call, the page's chunk and a returning visitor's language file load side by side. A first visit
// shows the merchant's default language, which the status call names (MY when it fails: its error page shows).
void queryClient.prefetchQuery(getStatusQueryOptions());
prefetchRouteChunk(window.location.pathname);
const siteLanguage = () => queryClient.fetchQuery(getStatusQueryOptions()).then((s) => s.info.defaultLanguage, () => DEFAULT_LANGUAGE);
await initI18n(chosenLanguage() ?? (await siteLanguage()));

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
