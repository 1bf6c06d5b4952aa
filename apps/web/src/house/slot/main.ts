import { HouseApiError, readLaunch } from '../shared/house-api.ts';
import { bootHousePage } from '../shared/shell.ts';
import { loadHouseTexts } from '../shared/text.ts';
import { SLOT_LOGO } from './slot-art.ts';
import { mountSlotMachine } from './slot-page.ts';
import { slotText } from './slot-text.ts';
import { loadSlotTitle } from './slot-titles.ts';
import './slot.css';

/**
 * The one slot page for every house slot title: the launch's `game` (the catalogue's gameId) names the title, whose
 * config and art load as their own chunks while the frame is built. Should the fragment not name a known title,
 * the session's own game (the state call's gameId) decides.
 */
async function start() {
  const launch = readLaunch(window.location.hash);
  await loadHouseTexts(launch?.lang);
  const t = slotText();
  const title = await loadSlotTitle(launch?.game ?? '').catch(() => null);
  await bootHousePage({
    title: title?.view.name ?? 'Playhall Slots',
    logo: title?.art.logo ?? SLOT_LOGO,
    className: 'slot',
    mount: (ctx) => {
      if (title && title.view.id === (ctx.state.game.gameId || title.view.id)) return mountSlotMachine(ctx, title, t);
      void loadSlotTitle(ctx.state.game.gameId).then((own) =>
        own ? mountSlotMachine(ctx, own, t) : ctx.showError(new HouseApiError('game_unavailable', `The slot title ${ctx.state.game.gameId} is not available.`)));
    },
  });
}

void start();
