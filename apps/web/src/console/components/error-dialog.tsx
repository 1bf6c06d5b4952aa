import { CircleAlert } from 'lucide-react';
import { createContext, useCallback, useContext, useId, useMemo, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { ConsoleError } from '../lib/console-api.ts';
import { Modal } from '../../components/ui/modal.tsx';
import styles from './console.module.css';

interface TShownError {
  title: string;
  message: string;
  retry?: () => void;
}

type TShowError = (error: unknown, retry?: () => void) => void;

const ErrorDialogContext = createContext<TShowError>(() => undefined);

/** What an operator reads for a refusal: the server's own message, plainer words for the network and unknown cases. */
export function errorMessage(error: unknown): { title: string; message: string } {
  if (error instanceof ConsoleError) {
    if (error.code === 'network_error') return { title: 'No connection', message: error.message };
    if (error.status === 403) return { title: 'Not allowed', message: 'Your role does not allow this action.' };
    if (error.status >= 500) return { title: 'Server error', message: 'The server could not complete this. Try again in a moment.' };
    return { title: 'Could not complete', message: error.message };
  }
  return { title: 'Something went wrong', message: error instanceof Error ? error.message : String(error) };
}

/** Errors that are not about one field show in a dialog (DESIGN.md, States), with Retry when the caller can retry. */
export function ErrorDialogProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<TShownError | null>(null);
  const messageId = useId();
  const show = useCallback<TShowError>((error, retry) => {
    // A 401 has already sent the operator to the login, which says why.
    if (error instanceof ConsoleError && error.status === 401) return;
    setShown({ ...errorMessage(error), retry });
  }, []);
  const close = () => setShown(null);
  return (
    <ErrorDialogContext.Provider value={useMemo(() => show, [show])}>
      {children}
      {shown && (
        <Modal open onOpenChange={(open) => !open && close()} title={shown.title} role="alertdialog" describedBy={messageId} width={440} minHeight={0} testId="error-dialog"
          footer={
            <>
              {shown.retry && (
                <Button variant="secondary" onClick={() => { close(); shown.retry?.(); }}>
                  Retry
                </Button>
              )}
              <Button data-autofocus onClick={close} data-testid="error-dialog-ok">
                OK
              </Button>
            </>
          }
        >
          <p className={styles.errorText} id={messageId}>
            <CircleAlert size={20} aria-hidden className={styles.errorIcon} />
            <span data-testid="error-message">{shown.message}</span>
          </p>
        </Modal>
      )}
    </ErrorDialogContext.Provider>
  );
}

export function useShowError(): TShowError {
  return useContext(ErrorDialogContext);
}
