// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { useDialogStore } from '../../stores/dialog-store.ts';
import { useUiStore } from '../../stores/ui-store.ts';
import { openAccountPage } from './account-pages.ts';
import { useSessionStore } from './session-store.ts';

function session(accountType: number | null, token: string | null = 'tok') {
  useSessionStore.setState({ token, accountType });
}

describe('openAccountPage', () => {
  beforeEach(() => {
    useDialogStore.setState({ dialogs: [] });
    useUiStore.setState({ modal: null });
  });

  it('asks a visitor to log in', () => {
    session(null, null);
    openAccountPage('securityCenter');
    expect(useUiStore.getState().modal).toEqual({ name: 'login' });
  });

  it('refuses a free-play guest with in_need_true_account, for every centre page', () => {
    session(4);
    openAccountPage('securityCenter');
    openAccountPage('agentCentre');
    expect(useUiStore.getState().modal).toBeNull();
    expect(useDialogStore.getState().dialogs.map((d) => d.key)).toEqual(['in_need_true_account']);
  });

  it('opens the member centre on securityCenter; pages of later issues say they are not ready', () => {
    session(0);
    openAccountPage('securityCenter');
    expect(useUiStore.getState().modal).toEqual({ name: 'memberCentre', page: 'securityCenter' });
    useUiStore.setState({ modal: null });
    openAccountPage('withdraw');
    expect(useUiStore.getState().modal).toEqual({ name: 'memberCentre', page: 'withdraw' });
    useUiStore.setState({ modal: null });
    openAccountPage('agentCentre');
    expect(useUiStore.getState().modal).toBeNull();
    expect(useDialogStore.getState().dialogs).toHaveLength(1);
  });

  it('opens the agent centre for account types 1, 2, 41 and 42 only', () => {
    for (const type of [1, 2, 41, 42]) {
      useUiStore.setState({ modal: null });
      session(type);
      openAccountPage('agentCentre');
      expect(useUiStore.getState().modal).toEqual({ name: 'agentCentre' });
    }
  });
});
