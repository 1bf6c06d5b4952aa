import { Check, ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FIRST_SELECTION, LANGUAGES, type TLanguageCode } from '@playhall/contract/languages';
import { Menu } from '../../../components/ui/menu.tsx';
import { currentLanguageCode } from '../../../lib/i18n.ts';
import { useChangeLanguage } from '../use-change-language.ts';
import { LanguageTrigger } from './language-trigger.tsx';
import styles from './language-selector.module.css';

/** The languages shown before "more": the first selection of spec §1, plus the current one if elsewhere. */
export function firstSelection(current: TLanguageCode): TLanguageCode[] {
  return FIRST_SELECTION.includes(current) ? [...FIRST_SELECTION] : [...FIRST_SELECTION, current];
}

export function LanguageSelector({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { t } = useTranslation();
  const changeLanguage = useChangeLanguage();
  const [expanded, setExpanded] = useState(false);
  const current = currentLanguageCode();
  const shown = expanded ? LANGUAGES : LANGUAGES.filter((l) => firstSelection(current).includes(l.code));

  return (
    <Menu
      defaultOpen={defaultOpen}
      label={t('topbar.language')}
      panelClassName={[styles.panel, expanded ? styles.wide : ''].join(' ')}
      testId="language-panel"
      trigger={(props) => <LanguageTrigger code={current} label={t('topbar.language')} {...props} />}
    >
      {(close) => (
        <>
          <div className={styles.heading}>{expanded ? t('topbar.allLanguages') : t('topbar.language')}</div>
          <div className={styles.list} role="group">
            {shown.map((l) => (
              <button
                key={l.code}
                type="button"
                role="menuitemradio"
                aria-checked={l.code === current}
                tabIndex={-1}
                className={styles.option}
                data-testid={`language-option-${l.code}`}
                onClick={() => {
                  close();
                  setExpanded(false);
                  void changeLanguage(l.code);
                }}
              >
                <span className={styles.badge}>{l.code}</span>
                <span className={styles.name} lang={l.tag} dir={l.rtl ? 'rtl' : undefined}>
                  {l.name}
                </span>
                {l.code === current && <Check size={14} className={styles.check} aria-hidden />}
              </button>
            ))}
          </div>
          <button type="button" role="menuitem" tabIndex={-1} className={styles.more} data-testid="language-more" onClick={() => setExpanded((x) => !x)}>
            {expanded ? t('topbar.fewerLanguages') : t('topbar.moreLanguages', { count: LANGUAGES.length })}
            <ChevronDown size={12} aria-hidden className={expanded ? styles.flip : undefined} />
          </button>
        </>
      )}
    </Menu>
  );
}
