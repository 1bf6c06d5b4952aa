import { BadgePercent, CalendarCheck, Coins, FileImage, Gift, Layers, Ticket, type LucideIcon } from 'lucide-react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { TActivityKind, TActivityStatus } from '@playhall/contract/calls/promotions';
import { currentLanguageCode } from '../../../lib/i18n.ts';
import { imageUrl } from '../../../lib/image-url.ts';
import { STATUS_TONE } from '../activity-text.ts';
import styles from './promotions.module.css';

/** The member's status on an activity in spec §4 words, coloured by what it asks of them. */
export function ActivityStatusBadge({ status, testId = 'activity-status' }: { status: TActivityStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`${styles.status} ${styles[`tone-${STATUS_TONE[status]}`]}`} data-status={status} data-testid={testId}>
      {t(`promotions.status.${status}`)}
    </span>
  );
}

/** Each kind's colour and symbol, for the artwork drawn when the operator gave no image. */
const KIND_ART: Record<TActivityKind, { icon: LucideIcon; hue: string }> = {
  firstDeposit: { icon: Gift, hue: '#c9961a' },
  reload: { icon: BadgePercent, hue: '#2f8fd8' },
  checkIn: { icon: CalendarCheck, hue: '#1f9a58' },
  cashback: { icon: Coins, hue: '#d2633a' },
  turnoverTiers: { icon: Layers, hue: '#6142bf' },
  proof: { icon: FileImage, hue: '#c2417a' },
  raffle: { icon: Ticket, hue: '#b8326a' },
};

/** An activity's art: the operator's image, or the kind's own drawing. */
export function ActivityArt({ kind, image, size = 64, banner }: { kind: TActivityKind; image: string | null; size?: number; banner?: boolean }) {
  // Drawn art has words in the interface language: re-rendered (useTranslation) and asked again when it changes.
  useTranslation();
  const art = banner ? `${styles.art} ${styles.banner}` : styles.art;
  if (image) return <img className={art} src={imageUrl(image, currentLanguageCode())} alt="" loading="lazy" />;
  const { icon: Icon, hue } = KIND_ART[kind];
  return (
    <div className={`${art} ${styles.kindArt}`} style={{ '--kind': hue } as CSSProperties} aria-hidden>
      <Icon size={size} strokeWidth={1.6} />
      <Icon className={styles.kindArtGhost} size={size * 3} strokeWidth={1} />
    </div>
  );
}
