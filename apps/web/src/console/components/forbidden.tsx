import { ShieldX } from 'lucide-react';
import styles from './console.module.css';

/** A page the operator's role does not open (the server answered 403, or the menu never offered it). */
export function Forbidden() {
  return (
    <div className={styles.forbidden} data-testid="forbidden" role="status">
      <ShieldX size={40} aria-hidden />
      <h2>You do not have access to this page</h2>
      <p>Your role does not include it. Ask an administrator if you need it.</p>
    </div>
  );
}
