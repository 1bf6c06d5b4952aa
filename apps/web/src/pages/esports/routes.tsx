import { CategoryLobby } from '../../features/games/components/category-lobby.tsx';
import { GameHall } from '../../features/games/components/game-hall.tsx';

/** ESPORTS lobby (spec §2): the category's vendors as tabs, the selected vendor's games; a click launches. */
export function EsportsPage() {
  return <CategoryLobby category="ESPORTS" hall={(vendor) => <GameHall category="ESPORTS" vendor={vendor} />} />;
}
