import { create } from 'zustand';

/** The generic dialog of spec §2: icon, title, html, buttons, a cover that closes it, optional auto-close. */
export type TDialogIcon = 'info' | 'success' | 'warning' | 'error' | 'network';

export interface TDialogButton {
  label: string;
  variant?: 'primary' | 'secondary' | 'danger';
  onClick?: () => void;
  /** Keep the dialog open after the click (the handler closes it itself). */
  keepOpen?: boolean;
}

export interface TDialogOptions {
  /** Dialogs with the same key are shown once: a second request while one is open is dropped. */
  key?: string;
  icon?: TDialogIcon;
  title?: string;
  /** Trusted-shape HTML; sanitised with DOMPurify on render. */
  html?: string;
  text?: string;
  /** Without buttons the dialog shows a single OK. */
  buttons?: TDialogButton[];
  /** Clicking the cover closes the dialog (default true). */
  closeOnCover?: boolean;
  autoCloseMs?: number;
  onClose?: () => void;
}

export interface TDialog extends TDialogOptions {
  id: number;
}

interface TDialogState {
  dialogs: TDialog[];
  show: (opts: TDialogOptions) => number;
  close: (id: number) => void;
}

let nextId = 1;

export const useDialogStore = create<TDialogState>((set, get) => ({
  dialogs: [],
  show(opts) {
    const existing = opts.key ? get().dialogs.find((d) => d.key === opts.key) : undefined;
    if (existing) return existing.id;
    const id = nextId++;
    set((s) => ({ dialogs: [...s.dialogs, { ...opts, id }] }));
    return id;
  },
  close(id) {
    const dialog = get().dialogs.find((d) => d.id === id);
    if (!dialog) return;
    set((s) => ({ dialogs: s.dialogs.filter((d) => d.id !== id) }));
    dialog.onClose?.();
  },
}));

export const showDialog = (opts: TDialogOptions): number => useDialogStore.getState().show(opts);
export const closeDialog = (id: number): void => useDialogStore.getState().close(id);
