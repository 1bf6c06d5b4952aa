import { useDialogStore } from '../../stores/dialog-store.ts';
import { Dialog } from './dialog.tsx';

/** Every open generic dialog, newest on top (loaded with the first dialog). */
export function DialogStack() {
  const dialogs = useDialogStore((s) => s.dialogs);
  const close = useDialogStore((s) => s.close);
  return (
    <>
      {dialogs.map((d) => (
        <Dialog key={d.id} dialog={d} onClose={() => close(d.id)} />
      ))}
    </>
  );
}
