// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../../locales/en.json';
import { i18next } from '../../../lib/i18n.ts';
import { BalanceDisplay } from './balance-display.tsx';

// React's act() needs to know it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const balance = vi.hoisted(() => ({ current: { data: undefined as { sumBalance: number } | undefined, isFetching: true, isError: false } }));
vi.mock('../api/get-balance.ts', () => ({ useBalance: () => ({ ...balance.current, refetch: () => Promise.resolve() }) }));
vi.mock('../use-deposit-return.ts', () => ({ useDepositReturn: () => undefined }));
vi.mock('../../auth/account-pages.ts', () => ({ openAccountPage: () => undefined }));

let root: Root | undefined;
let host: HTMLDivElement;

/** Renders (or re-renders) the top-bar balance as the query now stands. */
function show(state: Partial<typeof balance.current>) {
  balance.current = { ...balance.current, ...state };
  if (!root) {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  }
  act(() => root?.render(<BalanceDisplay token="t" />));
}

const live = () => host.querySelector('[data-testid="balance-live"]');
const minor = (major: number) => major * 100;

beforeAll(async () => {
  const { initReactI18next } = await import('react-i18next');
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  host.remove();
  balance.current = { data: undefined, isFetching: true, isError: false };
});

describe('BalanceDisplay live region', () => {
  it('is a polite status region, there and empty from the start (the first figure is not announced)', () => {
    show({});
    expect(live()?.getAttribute('role')).toBe('status');
    expect(live()?.getAttribute('aria-live')).toBe('polite');
    expect(live()?.className).toBe('sr-only');
    expect(live()?.textContent).toBe('');
    show({ data: { sumBalance: minor(1000) }, isFetching: false });
    expect(host.querySelector('[data-testid="balance-amount"]')?.textContent).toBe('1,000.00');
    expect(live()?.textContent).toBe('');
  });

  it('announces a new figure, never "Updating…", and not a refetch that brings the same figure', () => {
    show({ data: { sumBalance: minor(1000) }, isFetching: false });
    show({ isFetching: true });
    expect(host.querySelector('[data-testid="balance-amount"]')?.textContent).toBe('Updating…');
    expect(live()?.textContent).toBe('');
    show({ data: { sumBalance: minor(1234) }, isFetching: false });
    expect(live()?.textContent).toBe('Balance: 1,234.00');
    show({ isFetching: true });
    show({ data: { sumBalance: minor(1234) }, isFetching: false });
    expect(live()?.textContent).toBe('Balance: 1,234.00');
    show({ data: { sumBalance: minor(50) } });
    expect(live()?.textContent).toBe('Balance: 50.00');
  });

  it('stays silent while the balance is hidden', () => {
    show({ data: { sumBalance: minor(1000) }, isFetching: false });
    const hide = host.querySelector<HTMLButtonElement>('button[aria-pressed]');
    act(() => hide?.click());
    expect(host.querySelector('[data-testid="balance-amount"]')?.textContent).toBe('***');
    show({ data: { sumBalance: minor(2000) } });
    expect(live()?.textContent).toBe('');
    act(() => hide?.click());
    expect(live()?.textContent).toBe('');
    show({ data: { sumBalance: minor(3000) } });
    expect(live()?.textContent).toBe('Balance: 3,000.00');
  });
});
