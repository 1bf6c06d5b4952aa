// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readTheme, useThemeStore } from './theme-store.ts';

describe('theme', () => {
  it('defaults to dark', () => {
    expect(readTheme(null)).toBe('dark');
    expect(readTheme('purple')).toBe('dark');
    expect(readTheme('light')).toBe('light');
  });

  it('toggles, sets <html data-theme> and persists', () => {
    useThemeStore.getState().setTheme('dark');
    useThemeStore.getState().toggle();
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
    useThemeStore.getState().toggle();
    expect(document.documentElement.dataset.theme).toBe('dark');
  });
});
