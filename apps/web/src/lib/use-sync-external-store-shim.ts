/**
 * React 18+ has useSyncExternalStore built in; react-i18next still imports the compatibility shim.
 * The web build points `use-sync-external-store/shim` here (vite.config.ts) to skip the shim's code.
 */
export { useSyncExternalStore } from 'react';
