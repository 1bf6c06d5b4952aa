import { CategoryLobby } from '../../features/games/components/category-lobby.tsx';
import { GameHall } from '../../features/games/components/game-hall.tsx';

/** FISH lobby (spec §2): the category's vendors as tabs, the selected vendor's games; a click launches. */
export function FishPage() {
  return <CategoryLobby category="FISH" hall={(vendor) => <GameHall category="FISH" vendor={vendor} />} />;
}
