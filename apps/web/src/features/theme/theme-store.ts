import { create } from 'zustand';
import { localStore } from '../../lib/storage.ts';

export type TTheme = 'dark' | 'light';

/** Dark is the default; a stored choice (localStorage `theme`) wins. */
export function readTheme(stored: string | null): TTheme {
  return stored === 'light' ? 'light' : 'dark';
}

export function applyTheme(theme: TTheme): void {
  document.documentElement.dataset.theme = theme;
}

interface TThemeState {
  theme: TTheme;
  setTheme: (theme: TTheme) => void;
  toggle: () => void;
}

export const useThemeStore = create<TThemeState>((set, get) => ({
  theme: readTheme(localStore.get('theme')),
  setTheme(theme) {
    localStore.set('theme', theme);
    applyTheme(theme);
    set({ theme });
  },
  toggle() {
    get().setTheme(get().theme === 'dark' ? 'light' : 'dark');
  },
}));
