import { lazy, Suspense } from 'react';
import { useDialogStore } from '../../stores/dialog-store.ts';
import { ErrorBoundary } from '../error-boundary.tsx';
import { LazyLoadFailed } from './lazy-fallback.tsx';

// The dialog code (Radix Dialog, DOMPurify) loads with the first dialog, not with the page.
const DialogStack = lazy(() => import('./dialog-stack.tsx').then((m) => ({ default: m.DialogStack })));

/** Host of the generic dialogs of spec §2. */
export function DialogHost() {
  const open = useDialogStore((s) => s.dialogs.length > 0);
  if (!open) return null;
  return (
    <ErrorBoundary fallback={() => <LazyLoadFailed />}>
      <Suspense fallback={null}>
        <DialogStack />
      </Suspense>
    </ErrorBoundary>
  );
}
