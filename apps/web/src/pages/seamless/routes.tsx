import { NoGameState } from '../../features/games/components/no-game-state.tsx';

/** /seamless (header only): the seamless-wallet game page; a game opens here once one is launched. */
export function SeamlessPage() {
  return <NoGameState testId="seamless-page" />;
}
