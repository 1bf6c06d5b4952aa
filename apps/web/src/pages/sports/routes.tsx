import { CategoryLobby } from '../../features/games/components/category-lobby.tsx';

/** SPORTS lobby (spec §2). */
export function SportsPage() {
  return <CategoryLobby category="SPORTS" />;
}
