import { CategoryLobby } from '../../features/games/components/category-lobby.tsx';
import { GameHall } from '../../features/games/components/game-hall.tsx';
import { RankBoard } from '../../features/games/components/rank-board.tsx';

/**
 * Slots (spec §2): each slot-hall tab is an RNG vendor, selected by ?page=<vendor> (clicking a tab goes
 * to /rng?page={tab}); the hall inside filters by the vendor's game types; the slot rank list follows
 * (docs/decisions.md).
 */
export function RngPage() {
  return (
    <>
      <CategoryLobby category="RNG" hall={(vendor) => <GameHall category="RNG" vendor={vendor} />} />
      <div className="container">
        <RankBoard category="RNG" />
      </div>
    </>
  );
}
