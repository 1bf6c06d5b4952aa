import { Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useThemeStore } from '../theme-store.ts';
import styles from './theme-toggle.module.css';

export function ThemeToggle() {
  const { t } = useTranslation();
  const theme = useThemeStore((s) => s.theme);
  const toggle = useThemeStore((s) => s.toggle);
  const next = theme === 'dark' ? t('topbar.lightTheme') : t('topbar.darkTheme');
  return (
    <button type="button" className={styles.toggle} onClick={toggle} data-testid="theme-toggle" aria-label={next} title={next}>
      {theme === 'dark' ? <Sun size={15} aria-hidden /> : <Moon size={15} aria-hidden />}
    </button>
  );
}
