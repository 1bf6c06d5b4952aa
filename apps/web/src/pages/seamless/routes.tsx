import { useSearchParams } from 'react-router';
import { GameFrame } from '../../features/games/components/game-frame.tsx';
import { NoGameState } from '../../features/games/components/no-game-state.tsx';
import { frameableUrl } from '../../features/games/launch/game-url.ts';

/** /seamless?url= (header only): a seamless-wallet game, launched with openMode seamless. */
export function SeamlessPage() {
  const [params] = useSearchParams();
  const url = frameableUrl(params.get('url'), window.location.origin);
  if (!url) return <NoGameState testId="seamless-page" />;
  return <GameFrame key={url} url={url} testId="seamless-page" />;
}
