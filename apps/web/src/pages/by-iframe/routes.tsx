import { useSearchParams } from 'react-router';
import { GameFrame } from '../../features/games/components/game-frame.tsx';
import { NoGameState } from '../../features/games/components/no-game-state.tsx';
import { frameableUrl } from '../../features/games/launch/game-url.ts';

/** /game?url= (header only): a launched game in an iframe filling the page below the header. */
export function GamePage() {
  const [params] = useSearchParams();
  const url = frameableUrl(params.get('url'), window.location.origin);
  if (!url) return <NoGameState testId="game-page" />;
  return <GameFrame key={url} url={url} testId="game-page" />;
}
