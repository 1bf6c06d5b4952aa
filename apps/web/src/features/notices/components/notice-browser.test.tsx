// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TNotice } from '@playhall/contract/calls/system';
import { i18next } from '../../../lib/i18n.ts';
import { NoticeBrowser } from './notice-browser.tsx';

// React's act() needs to know it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const notices: TNotice[] = Array.from({ length: 13 }, (_, i) => ({
  id: i + 1,
  title: `Notice ${i + 1}`,
  content: `<p>Body ${i + 1}</p><img src=x onerror="alert(1)"><script>alert(2)</script>`,
  timestamp: '2030-01-01 10:00:00',
  type: 'PL',
  imageUrl: null,
}));

let root: Root | undefined;
let host: HTMLDivElement;

function render(ui: React.ReactNode) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root?.render(ui));
}

beforeAll(async () => {
  const { initReactI18next } = await import('react-i18next');
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: {} } } });
});

afterEach(() => {
  act(() => root?.unmount());
  host.remove();
});

describe('NoticeBrowser', () => {
  it('opens on the page of the chosen notice, with it selected', () => {
    render(<NoticeBrowser notices={notices} initialId={12} emptyText="none" />);
    const items = [...host.querySelectorAll('[data-testid="notice-item"]')];
    expect(items.map((i) => i.querySelector('span')?.textContent)).toEqual(['Notice 11', 'Notice 12', 'Notice 13']);
    expect(host.querySelector('[aria-current="true"]')?.textContent).toContain('Notice 12');
    expect(host.querySelector('[data-testid="notice-detail"] h2')?.textContent).toBe('Notice 12');
  });

  it('shows 10 per page and sanitises the selected notice', () => {
    render(<NoticeBrowser notices={notices} emptyText="none" />);
    expect(host.querySelectorAll('[data-testid="notice-item"]')).toHaveLength(10);
    const detail = host.querySelector('[data-testid="notice-detail"]')?.innerHTML ?? '';
    expect(detail).toContain('Body 1');
    expect(detail).not.toMatch(/onerror|<script/);
    const second = host.querySelectorAll<HTMLButtonElement>('[data-testid="notice-item"]')[1];
    act(() => second?.click());
    expect(host.querySelector('[data-testid="notice-detail"] h2')?.textContent).toBe('Notice 2');
  });

  it('says so when there are no notices', () => {
    render(<NoticeBrowser notices={[]} emptyText="Nothing here" />);
    expect(host.textContent).toContain('Nothing here');
  });
});
