// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TGameItem } from '@playhall/contract/calls/games';
import { i18next } from '../../../lib/i18n.ts';
import { ActivityArt } from '../../promotions/components/activity-status.tsx';
import { GameCard } from './game-card.tsx';

// React's act() needs to know it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Drawn art asks for the interface language (`?lang=`, as the Language header sends it) and again when it changes (issue 23). */

const game: TGameItem = {
  gameId: 'lucky-crown',
  name: 'Lucky Crown',
  vassalage: 'PH_SLOT',
  gameType: 'SLOT',
  icon: '/img/games/PH_SLOT/lucky-crown.svg',
  isNew: 0,
  isGame: 1,
  isHot: 0,
  openMode: 'iframe',
};

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
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: {} }, vi: { translation: {} }, cn: { translation: {} } } });
});

afterEach(async () => {
  act(() => root?.unmount());
  host.remove();
  await act(() => i18next.changeLanguage('en'));
});

const sources = () => [...host.querySelectorAll('img')].map((img) => img.getAttribute('src'));

describe('drawn art in the interface language', () => {
  it('asks a game tile in the current language and again when it changes', async () => {
    render(<GameCard game={game} favorite={false} onPlay={() => {}} />);
    expect(sources()).toEqual(['/img/games/PH_SLOT/lucky-crown.svg?lang=EN']);
    await act(() => i18next.changeLanguage('vi'));
    expect(sources()).toEqual(['/img/games/PH_SLOT/lucky-crown.svg?lang=VI']);
  });

  it("asks an activity's promotion art in the current language", async () => {
    render(<ActivityArt kind="checkIn" image="img/promos/5.svg" />);
    expect(sources()).toEqual(['/img/promos/5.svg?lang=EN']);
    await act(() => i18next.changeLanguage('cn'));
    expect(sources()).toEqual(['/img/promos/5.svg?lang=CN']);
  });
});
