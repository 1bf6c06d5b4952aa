import { ArrowRight, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TActivityCard } from '@playhall/contract/calls/promotions';
import { Button } from '../../../components/ui/button.tsx';
import { promoDetailPath } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/format.ts';
import { openModal } from '../../../stores/ui-store.ts';
import { rewardLine } from '../activity-text.ts';
import { ActivityArt, ActivityStatusBadge } from './activity-status.tsx';
import styles from './promotions.module.css';

/** One activity on /promotions (and the home page): art, title, summary, reward, period and the member's status. */
export function ActivityCard({ activity, loggedIn }: { activity: TActivityCard; loggedIn: boolean }) {
  const { t } = useTranslation();
  const to = promoDetailPath(activity.id);
  return (
    <article className={styles.card} data-testid="activity-card" data-kind={activity.kind} data-id={activity.id}>
      <Link to={to} className={styles.artLink} tabIndex={-1} aria-hidden>
        <ActivityArt kind={activity.kind} image={activity.imageUrl} />
      </Link>
      <div className={styles.cardBadges}>
        <ActivityStatusBadge status={activity.status} />
        <span className={styles.kindBadge}>{t(`promotions.kind.${activity.kind}`)}</span>
      </div>
      <div className={styles.body}>
        <h3 className={styles.cardTitle}>
          <Link to={to}>{activity.title}</Link>
        </h3>
        {activity.summary && <p className={styles.summary}>{activity.summary}</p>}
        <p className={styles.rewardLine} data-testid="activity-reward">
          <Sparkles size={16} aria-hidden />
          {rewardLine(activity.reward, activity.turnoverMultiple, t)}
        </p>
        <div className={styles.foot}>
          <time dateTime={activity.startsAt}>{t('promotions.period', { from: formatDate(activity.startsAt), to: formatDate(activity.endsAt) })}</time>
          {!loggedIn && activity.status === 'join' ? (
            <Button size="sm" onClick={() => openModal({ name: 'login' })} data-testid="activity-login">
              {t('promotions.loginToJoin')}
            </Button>
          ) : (
            <Link className={styles.more} to={to}>
              {t('promotions.details')}
              <ArrowRight size={14} aria-hidden className="flip-rtl" />
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}
