import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isBalanceMessage } from '../launch/balance-message.ts';
import styles from './game-frame.module.css';

/**
 * A launched game filling the page under the header (/game, /seamless). A game page of this site posts
 * `{ type: 'playhall:balance' }` after each round; the header balance is then fetched again.
 */
export function GameFrame({ url, testId }: { url: string; testId: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (isBalanceMessage(event, window.location.origin)) void qc.invalidateQueries({ queryKey: ['wallet', 'balance'] });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [qc]);
  return (
    <div className={styles.stage} data-testid={testId}>
      <iframe data-testid="game-frame" className={styles.frame} title={t('game.frameTitle')} src={url} allow="autoplay; fullscreen" allowFullScreen />
    </div>
  );
}
