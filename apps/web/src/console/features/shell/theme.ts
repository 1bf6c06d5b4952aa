export type TConsoleTheme = 'dark' | 'light';

const KEY = 'ph-console-theme';

/** The console's own theme choice (the member app's theme store stays with the member app). */
export function savedTheme(): TConsoleTheme {
  try {
    return localStorage.getItem(KEY) === 'light' ? 'light' : 'dark';
  } catch {
    return 'dark';
  }
}

export function applyTheme(theme: TConsoleTheme): void {
  document.documentElement.dataset.theme = theme;
  try {
    localStorage.setItem(KEY, theme);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}
