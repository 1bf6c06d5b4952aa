import { Dices, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TRoom } from '@playhall/contract/calls/games';
import { Button } from '../../../components/ui/button.tsx';
import { MoneyText } from '../../../components/ui/money-text.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useRooms } from '../api/get-rooms.ts';
import styles from './pvp-rooms.module.css';

/** The PVP rooms of a vendor (GLS2_roomList): ante, seats taken, status; Enter launches with the roomId. */
export function PvpRooms({ vassalage, onEnter }: { vassalage: string; onEnter: (room: TRoom) => void }) {
  const { t } = useTranslation();
  const rooms = useRooms(vassalage);
  if (rooms.isPending) {
    return (
      <div className={styles.grid}>
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} height={128} radius={10} />
        ))}
      </div>
    );
  }
  // Vendors without rooms (or a failed list, already reported by the error dialog) show their games only.
  if (!rooms.data || rooms.data.list.length === 0) return null;
  return (
    <section aria-labelledby="pvp-rooms-title" data-testid="pvp-rooms">
      <h3 id="pvp-rooms-title" className={styles.title}>
        {t('games.rooms')}
      </h3>
      <div className={styles.grid}>
        {rooms.data.list.map((room) => (
          <article key={room.roomId} className={styles.room} data-testid="pvp-room" data-status={room.status}>
            <div className={styles.head}>
              <span className={styles.icon}>
                <Dices size={20} aria-hidden />
              </span>
              <span className={styles.name}>{room.name}</span>
              <span className={styles.status}>{t(`games.roomStatus.${room.status}`)}</span>
            </div>
            <dl className={styles.facts}>
              <div>
                <dt>{t('games.ante')}</dt>
                <dd>
                  <MoneyText minor={room.ante} />
                </dd>
              </div>
              <div>
                <dt>{t('games.players')}</dt>
                <dd>
                  <Users size={14} aria-hidden /> {room.players} / {room.maxPlayers}
                </dd>
              </div>
            </dl>
            <Button size="sm" block disabled={room.status === 'closed' || room.players >= room.maxPlayers} onClick={() => onEnter(room)} data-testid="pvp-enter">
              {t('games.enterRoom')}
            </Button>
          </article>
        ))}
      </div>
    </section>
  );
}
