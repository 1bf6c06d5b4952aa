import { CategoryLobby } from '../../features/games/components/category-lobby.tsx';

/** PVP lobby (spec §2). */
export function PvpPage() {
  return <CategoryLobby category="PVP" />;
}
