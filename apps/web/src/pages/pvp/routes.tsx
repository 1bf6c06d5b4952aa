import { CategoryLobby } from '../../features/games/components/category-lobby.tsx';
import { GameHall } from '../../features/games/components/game-hall.tsx';

/** PVP lobby (spec §2): vendors as tabs; the house dice vendor lists its rooms (ante, players, status) above its games. */
export function PvpPage() {
  return <CategoryLobby category="PVP" hall={(vendor) => <GameHall category="PVP" vendor={vendor} />} />;
}
