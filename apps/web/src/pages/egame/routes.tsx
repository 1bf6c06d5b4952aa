import { CategoryLobby } from '../../features/games/components/category-lobby.tsx';

/** Slots lobby (spec §2): ?page= selects the slot-hall tab; a tab click goes to /rng?page={tab}. */
export function RngPage() {
  return <CategoryLobby category="RNG" />;
}
