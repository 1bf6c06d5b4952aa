import { ChevronDown, ChevronUp } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { agentAnnouncements } from '@playhall/contract/calls/agent';
import { CardSection } from '../../../components/ui/card-section.tsx';
import { RichHtml } from '../../../components/ui/rich-html.tsx';
import { AGENT_PAGE_SIZE, useAgentQuery } from '../api/use-agent-query.ts';
import { ListBody } from './list-body.tsx';
import styles from './agent-centre.module.css';

/** agentAnnouncement: the agency's announcements, newest first; one opens to its content. */
export function AgentAnnouncements() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const list = useAgentQuery(agentAnnouncements, { page, pageSize: AGENT_PAGE_SIZE });

  return (
    <CardSection title={t('agent.nav.agentAnnouncement')} testId="announcements-section">
      <ListBody query={list} page={page} onPage={setPage} empty={t('agent.empty.announcements')} testId="announcements">
        {(d) => (
          <ul className={styles.notices}>
            {d.list.map((n) => {
              const expanded = open === n.id || (open === null && d.list[0]?.id === n.id);
              return (
                <li key={n.id} className={styles.notice} data-testid="announcement">
                  <button type="button" className={styles.noticeHead} aria-expanded={expanded} onClick={() => setOpen(expanded ? -1 : n.id)}>
                    <span>{n.title}</span>
                    <span className={styles.noticeTime}>
                      {n.timestamp} {expanded ? <ChevronUp size={14} aria-hidden /> : <ChevronDown size={14} aria-hidden />}
                    </span>
                  </button>
                  {expanded && <RichHtml html={n.content} className={styles.noticeBody} />}
                </li>
              );
            })}
          </ul>
        )}
      </ListBody>
    </CardSection>
  );
}
