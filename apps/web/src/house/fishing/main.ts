import { bootHousePage } from '../shared/shell.ts';
import { DRAGON_FISHING_LOGO } from './dragon-art.ts';
import { FISHING_LOGO } from './fish-art.ts';
import { mountFishing } from './fishing-page.ts';
import './fishing.css';

// One page for both fishing titles: the launch's game id picks the title (its sea follows the server's state).
const dragon = /[#&]game=dragon-fishing(&|$)/.test(window.location.hash);
void bootHousePage({
  title: dragon ? 'Dragon Fishing' : 'Ocean Hunter',
  logo: dragon ? DRAGON_FISHING_LOGO : FISHING_LOGO,
  className: dragon ? 'fishing fishing-dragon' : 'fishing',
  mount: mountFishing,
});
