import { useTranslation } from 'react-i18next';
import type { TGameItem } from '@playhall/contract/calls/games';
import { Modal } from '../../../components/ui/modal.tsx';
import { gamesOf, useGameList } from '../api/get-game-list.ts';
import { GameGrid } from './game-grid.tsx';

/** The popup game list of a VASSALAGE entry (spec §4): its vendor's games; picking one launches it. */
export function VendorGamesDialog({ entry, onClose, onPick }: { entry: TGameItem; onClose: () => void; onPick: (game: TGameItem) => void }) {
  const { t } = useTranslation();
  const list = useGameList({ vassalage: entry.vassalage });
  // The entry itself is the vendor, not a game: leave it out of its own list.
  const games = gamesOf(list.data?.pages).filter((g) => g.isGame === 1);
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={entry.name} width={960} minHeight={480} testId="vendor-games-dialog">
      <GameGrid
        games={games}
        status={list.status}
        hasMore={list.hasNextPage}
        loadingMore={list.isFetchingNextPage}
        loadMore={() => void list.fetchNextPage()}
        retry={() => void list.refetch()}
        favorites={undefined}
        onPlay={onPick}
        emptyText={t('games.noGamesForVendor', { vendor: entry.name })}
      />
    </Modal>
  );
}
