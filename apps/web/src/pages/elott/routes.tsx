import { CategoryLobby } from '../../features/games/components/category-lobby.tsx';

/** LOTT lobby (spec §2). */
export function ElottPage() {
  return <CategoryLobby category="LOTT" />;
}
