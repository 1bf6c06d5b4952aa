import { CategoryLobby } from '../../features/games/components/category-lobby.tsx';
import { GameHall } from '../../features/games/components/game-hall.tsx';

/** SPORTS lobby (spec §2): the category's vendors as tabs, the selected vendor's games; a click launches. */
export function SportsPage() {
  return <CategoryLobby category="SPORTS" hall={(vendor) => <GameHall category="SPORTS" vendor={vendor} />} />;
}
