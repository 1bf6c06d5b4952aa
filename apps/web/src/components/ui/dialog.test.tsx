// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18next } from '../../lib/i18n.ts';
import type { TDialog } from '../../stores/dialog-store.ts';
import { Dialog } from './dialog.tsx';

// React's act() needs to know it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
let host: HTMLDivElement;

function render(dialog: TDialog) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root?.render(<Dialog dialog={dialog} onClose={() => undefined} />));
  return document.querySelector<HTMLElement>('[data-testid="dialog"]');
}

const description = (el: HTMLElement | null) => document.getElementById(el?.getAttribute('aria-describedby') ?? '')?.textContent;

beforeAll(async () => {
  const { initReactI18next } = await import('react-i18next');
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: {} } } });
});

afterEach(() => {
  act(() => root?.unmount());
  host.remove();
});

describe('Dialog announcement', () => {
  it('is an alertdialog described by its message for errors', () => {
    const el = render({ id: 1, icon: 'error', title: 'Error', text: 'The server is busy.' });
    expect(el?.getAttribute('role')).toBe('alertdialog');
    expect(description(el)).toBe('The server is busy.');
  });

  it('describes HTML messages too, and stays a plain dialog for good news', () => {
    const el = render({ id: 2, icon: 'success', html: '<p>Saved.</p>' });
    expect(el?.getAttribute('role')).toBe('dialog');
    expect(description(el)).toBe('Saved.');
  });
});
