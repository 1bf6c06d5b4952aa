import { useMutation } from '@tanstack/react-query';
import { Ban, Clock, LogIn, SendHorizontal } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_MAX_CHARS, type TChatMessage } from '@playhall/contract/calls/inbox';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { errorMessage, showErrorDialog } from '../../../lib/error-dialog.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { showDialog } from '../../../stores/dialog-store.ts';
import { openModal } from '../../../stores/ui-store.ts';
import { sendChat } from '../api/chat-calls.ts';
import { newClientId, writeState, type TChatRights } from '../chat-messages.ts';
import styles from './chat-modal.module.css';

interface TComposerProps {
  roomId: number;
  /** null for a visitor. */
  rights: TChatRights | null;
  onSent: (message: TChatMessage) => void;
  onRights: (rights: TChatRights) => void;
}

/** The time to judge a mute by: taken again when the mute ends, so the input opens again by itself. */
function useNowUntil(iso: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!iso) return;
    const ms = Date.parse(iso) - Date.now();
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, Math.min(ms + 250, 2 ** 31 - 1)));
    return () => clearTimeout(timer);
  }, [iso]);
  return now;
}

/** The input under the room: a counter to CHAT_MAX_CHARS, or why this tab cannot write (visitor, muted, banned). */
export function ChatComposer({ roomId, rights, onSent, onRights }: TComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  // The id of the message being sent: a retry of the same text keeps it, so the server stores the message once.
  const pending = useRef<{ text: string; clientId: string } | null>(null);
  const now = useNowUntil(rights?.mutedUntil ?? null);
  const state = writeState(rights, now);

  const send = useMutation({
    mutationFn: (vars: { text: string; clientId: string }) => sendChat(roomId, vars.text, vars.clientId),
    meta: { silent: true },
    onSuccess(message) {
      pending.current = null;
      setText('');
      onSent({ ...message, mine: true });
    },
    onError(error, vars) {
      if (!(error instanceof ApiError)) return showErrorDialog(error);
      if (error.code === 'chat_muted') {
        const until = (error.value as { until?: unknown } | null)?.until;
        const mutedUntil = typeof until === 'string' ? until : null;
        onRights({ canWrite: false, mutedUntil, banned: false });
        return showDialog({
          icon: 'warning',
          title: t('chat.refusedTitle'),
          text: mutedUntil ? t('chat.mutedUntil', { time: formatDateTime(mutedUntil, { offset: true }) }) : errorMessage(error),
        });
      }
      if (error.code === 'chat_banned') {
        onRights({ canWrite: false, mutedUntil: null, banned: true });
        return showDialog({ icon: 'warning', title: t('chat.refusedTitle'), text: errorMessage(error) });
      }
      if (error.code === 'chat_rate_limited') {
        return showDialog({ icon: 'warning', title: t('chat.refusedTitle'), text: errorMessage(error), key: 'chat_rate_limited' });
      }
      // A lost answer: Retry sends the same clientId, so a message that did arrive is not stored twice.
      showErrorDialog(error, error.code === 'network_error' ? () => send.mutate(vars) : undefined);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = text.trim();
    if (!body || send.isPending) return;
    if (pending.current?.text !== body) pending.current = { text: body, clientId: newClientId() };
    send.mutate(pending.current);
  };

  if (state.kind === 'visitor') {
    return (
      <div className={styles.notice} data-testid="chat-login">
        <span>{t('chat.loginToChat')}</span>
        <Button variant="brand" size="sm" onClick={() => openModal({ name: 'login' })} data-testid="chat-login-button">
          <LogIn size={16} aria-hidden />
          {t('auth.login')}
        </Button>
      </div>
    );
  }

  const blocked =
    state.kind === 'muted' ? t('chat.mutedUntil', { time: formatDateTime(state.until, { offset: true }) }) : state.kind === 'banned' ? t('chat.banned') : state.kind === 'closed' ? t('chat.closed') : null;

  return (
    <form className={styles.composer} onSubmit={submit} data-testid="chat-composer">
      {blocked && (
        <p className={styles.blocked} data-testid={`chat-${state.kind}`} role="status">
          {state.kind === 'muted' ? <Clock size={16} aria-hidden /> : <Ban size={16} aria-hidden />}
          {blocked}
        </p>
      )}
      <div className={styles.inputRow}>
        <input
          className={styles.input}
          value={text}
          onChange={(e) => setText(e.target.value.slice(0, CHAT_MAX_CHARS))}
          maxLength={CHAT_MAX_CHARS}
          disabled={blocked !== null}
          placeholder={blocked ? '' : t('chat.placeholder')}
          aria-label={t('chat.placeholder')}
          data-testid="chat-input"
          autoComplete="off"
        />
        <span className={[styles.counter, text.length >= CHAT_MAX_CHARS ? styles.full : ''].join(' ')} data-testid="chat-counter" aria-live="polite">
          {text.length}/{CHAT_MAX_CHARS}
        </span>
        <Button type="submit" variant="brand" disabled={blocked !== null || send.isPending || text.trim() === ''} data-testid="chat-send" aria-label={t('chat.send')}>
          <SendHorizontal size={16} aria-hidden />
          {t('chat.send')}
        </Button>
      </div>
    </form>
  );
}
