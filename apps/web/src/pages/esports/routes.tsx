import { CategoryLobby } from '../../features/games/components/category-lobby.tsx';

/** ESPORTS lobby (spec §2). */
export function EsportsPage() {
  return <CategoryLobby category="ESPORTS" />;
}
