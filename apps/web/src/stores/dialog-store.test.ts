import { beforeEach, describe, expect, it, vi } from 'vitest';
import { closeDialog, showDialog, useDialogStore } from './dialog-store.ts';

describe('dialog store', () => {
  beforeEach(() => useDialogStore.setState({ dialogs: [] }));

  it('stacks dialogs and closes them by id, calling onClose', () => {
    const onClose = vi.fn();
    const a = showDialog({ title: 'A', onClose });
    const b = showDialog({ title: 'B' });
    expect(useDialogStore.getState().dialogs.map((d) => d.title)).toEqual(['A', 'B']);
    closeDialog(a);
    expect(onClose).toHaveBeenCalledOnce();
    expect(useDialogStore.getState().dialogs.map((d) => d.id)).toEqual([b]);
    closeDialog(a);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('shows a keyed dialog once', () => {
    const a = showDialog({ key: 'net', title: 'Network' });
    const b = showDialog({ key: 'net', title: 'Network again' });
    expect(a).toBe(b);
    expect(useDialogStore.getState().dialogs).toHaveLength(1);
  });
});
