import { Volume2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { openModal } from '../../../stores/ui-store.ts';
import { useAnnouncements } from '../api/get-announcements.ts';
import styles from './notice-marquee.module.css';

/** Seconds per character so long and short marquees move at the same speed. */
const SECONDS_PER_CHAR = 0.18;
/** sessionStorage key of the member's pause (WCAG 2.2.2), so navigation does not restart the marquee. */
const PAUSED_KEY = 'noticesPaused';

function storedPaused(): boolean {
  try {
    return sessionStorage.getItem(PAUSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function NoticeMarquee() {
  const { t } = useTranslation();
  const { data, isPending } = useAnnouncements();
  const notices = data?.player ?? [];
  const chars = notices.reduce((n, x) => n + x.title.length, 0);
  const [paused, setPaused] = useState(storedPaused);

  const toggle = () => {
    setPaused(!paused);
    try {
      sessionStorage.setItem(PAUSED_KEY, paused ? '0' : '1');
    } catch {
      // Storage unavailable: the pause holds for this page only.
    }
  };

  return (
    <div className={styles.marquee} data-testid="notice-marquee">
      <button
        type="button"
        className={styles.speaker}
        onClick={() => openModal({ name: 'notification' })}
        data-testid="marquee-speaker"
        aria-label={t('notices.open')}
        title={t('notices.open')}
      >
        <Volume2 size={14} aria-hidden />
      </button>
      {/* A toggle keeps one name; aria-pressed tells its state (and pauses the track in CSS), the glyph and tooltip the
          next action (WAI-ARIA APG). */}
      <button
        type="button"
        className={styles.toggle}
        onClick={toggle}
        aria-pressed={paused}
        aria-label={t('notices.pause')}
        title={t(paused ? 'notices.play' : 'notices.pause')}
      >
        {/* Pause bars or play triangle drawn in CSS: two icon modules would cost the home page's JS budget. */}
        <span className={styles.glyph} aria-hidden />
      </button>
      <div className={styles.viewport}>
        {isPending ? (
          <Skeleton width={360} height={10} />
        ) : notices.length === 0 ? (
          <span className={styles.muted}>{t('notices.none')}</span>
        ) : (
          <div className={styles.track} style={{ ['--duration' as string]: `${Math.max(20, chars * SECONDS_PER_CHAR)}s` }}>
            {notices.map((n) => (
              <button
                key={n.id}
                type="button"
                className={styles.item}
                data-testid="marquee-item"
                onClick={() => openModal({ name: 'notification', noticeId: n.id })}
              >
                <span className={styles.dot} aria-hidden />
                {n.title}
              </button>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
