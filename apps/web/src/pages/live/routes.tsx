import { CategoryLobby } from '../../features/games/components/category-lobby.tsx';
import { GameHall } from '../../features/games/components/game-hall.tsx';

/** LIVE lobby (spec §2): the category's vendors as tabs, the selected vendor's games; a click launches. */
export function LivePage() {
  return <CategoryLobby category="LIVE" hall={(vendor) => <GameHall category="LIVE" vendor={vendor} />} />;
}
