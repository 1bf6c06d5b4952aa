import { Search } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import styles from './agent-centre.module.css';

/** Filters: an account search (applied on submit) with the page's other filters, then its day range. */
export function AccountFilter({ initial = '', onSearch, testId, children, range }: { initial?: string; onSearch: (account: string) => void; testId: string; children?: ReactNode; range?: ReactNode }) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <div className={styles.filterRows}>
      <form className={styles.filters} onSubmit={submit}>
        <Input className={styles.filter} label={t('agent.account')} value={text} placeholder={t('agent.searchAccount')} onChange={(e) => setText(e.target.value)} data-testid={`${testId}-account`} />
        {children}
        <Button type="submit" variant="secondary" className={styles.filterButton} data-testid={`${testId}-search`}>
          <Search size={14} aria-hidden /> {t('agent.search')}
        </Button>
      </form>
      {range}
    </div>
  );
}
