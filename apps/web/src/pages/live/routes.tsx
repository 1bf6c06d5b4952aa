import { CategoryLobby } from '../../features/games/components/category-lobby.tsx';

/** LIVE lobby (spec §2). */
export function LivePage() {
  return <CategoryLobby category="LIVE" />;
}
