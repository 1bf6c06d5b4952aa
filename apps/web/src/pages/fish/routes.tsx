import { CategoryLobby } from '../../features/games/components/category-lobby.tsx';

/** FISH lobby (spec §2). */
export function FishPage() {
  return <CategoryLobby category="FISH" />;
}
