import { LogOut, Moon, Sun } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Navigate, NavLink, Outlet } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { SkeletonRows } from '../../components/query-view.tsx';
import { MENU, paths } from '../../config/paths.ts';
import { useSession } from '../auth/session.tsx';
import { applyTheme, savedTheme } from './theme.ts';
import { useIdleWatch } from './use-idle-watch.ts';
import styles from './console-shell.module.css';

/** The signed-in frame: the side menu (only the entries the role may open), the top bar, and the page. */
export function ConsoleShell() {
  const { me, signOut, allows } = useSession();
  const [theme, setTheme] = useState(savedTheme);
  useIdleWatch(me);
  if (me === undefined) return <SkeletonRows rows={3} />;
  if (!me) return <Navigate to={paths.login} replace />;
  const nextTheme = theme === 'dark' ? 'light' : 'dark';
  return (
    <div className={styles.shell}>
      <a className={styles.skip} href="#console-main">
        Skip to content
      </a>
      <nav className={styles.side} aria-label="Console">
        <p className={styles.brand}>
          Playhall <span>console</span>
        </p>
        <ul className={styles.menu}>
          {MENU.filter((entry) => allows(entry.permission)).map((entry) => (
            <li key={entry.area}>
              <NavLink to={entry.to} end={entry.to === paths.dashboard} className={({ isActive }) => (isActive ? `${styles.item} ${styles.active}` : styles.item)} data-testid={`nav-${entry.area}`}>
                {entry.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.body}>
        <header className={styles.top}>
          <span className={styles.who}>
            <strong data-testid="operator-name">{me.username}</strong>
            <span className={styles.role} data-testid="operator-role-label">
              {me.role}
            </span>
          </span>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Switch to the ${nextTheme} theme`}
            data-testid="theme-toggle"
            onClick={() => {
              applyTheme(nextTheme);
              setTheme(nextTheme);
            }}
          >
            {theme === 'dark' ? <Sun size={16} aria-hidden /> : <Moon size={16} aria-hidden />}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => void signOut()} data-testid="sign-out">
            <LogOut size={16} aria-hidden /> Sign out
          </Button>
        </header>
        <main className={styles.main} id="console-main" tabIndex={-1}>
          <Suspense fallback={<SkeletonRows />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
