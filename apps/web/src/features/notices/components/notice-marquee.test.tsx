// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../locales/en.json';
import { i18next } from '../../../lib/i18n.ts';
import { NoticeMarquee } from './notice-marquee.tsx';

// React's act() needs to know it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

vi.mock('../api/get-announcements.ts', () => ({
  useAnnouncements: () => ({ isPending: false, data: { player: [{ id: 1, title: 'Welcome to Playhall' }] } }),
}));

let root: Root | undefined;
let host: HTMLDivElement;

function render() {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root?.render(<NoticeMarquee />));
}

const toggle = () => host.querySelector<HTMLButtonElement>('button[aria-pressed]');

beforeAll(async () => {
  const { initReactI18next } = await import('react-i18next');
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});

beforeEach(() => window.sessionStorage.clear());

afterEach(() => {
  act(() => root?.unmount());
  host.remove();
});

describe('NoticeMarquee pause toggle (WCAG 2.2.2)', () => {
  it('starts playing: not pressed, named "Pause notices"', () => {
    render();
    expect(toggle()?.getAttribute('aria-pressed')).toBe('false');
    expect(toggle()?.getAttribute('aria-label')).toBe('Pause notices');
    expect(toggle()?.title).toBe('Pause notices');
  });

  it('pauses and plays again, keeping one accessible name and remembering the state for the session', () => {
    render();
    act(() => toggle()?.click());
    expect(toggle()?.getAttribute('aria-pressed')).toBe('true');
    expect(toggle()?.getAttribute('aria-label')).toBe('Pause notices');
    expect(toggle()?.title).toBe('Play notices');
    expect(window.sessionStorage.getItem('noticesPaused')).toBe('1');

    act(() => toggle()?.click());
    expect(toggle()?.getAttribute('aria-pressed')).toBe('false');
    expect(toggle()?.title).toBe('Pause notices');
    expect(window.sessionStorage.getItem('noticesPaused')).toBe('0');
  });

  it('stays paused after navigation (a new mount) in the same session', () => {
    window.sessionStorage.setItem('noticesPaused', '1');
    render();
    expect(toggle()?.getAttribute('aria-pressed')).toBe('true');
  });
});
