import { useTranslation } from 'react-i18next';
import styles from './skip-link.module.css';

/** The id of the page's <main>, which the skip link moves the focus to (it carries tabIndex -1 to take it). */
export const MAIN_ID = 'main';

/**
 * WCAG 2.4.1: the first stop of the keyboard, shown once focused, goes past the top bar and the navigation (whose
 * menus open on focus and hold every vendor: a hundred stops) to the page itself.
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href={`#${MAIN_ID}`}
      className={styles.skip}
      onClick={(e) => {
        // The focus, not the address: a #main in the URL would stay on the pages the member goes to next.
        e.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
      data-testid="skip-to-content"
    >
      {t('nav.skipToContent')}
    </a>
  );
}
