import { create } from 'zustand';
import type { TAgentCentrePage } from '../features/agent/agent-pages.ts';
import type { TMemberCentrePage } from '../features/auth/member-centre-pages.ts';

/** The named modals the modal host renders; one at a time (the generic dialog stacks above them). */
export type TModal =
  /**
   * `username`/`password`: what the top bar's form holds when the modal takes over (a captcha is
   * needed, or a field is missing), so nothing typed is lost. Kept in memory only.
   */
  | { name: 'login'; username?: string; password?: string }
  | { name: 'register' }
  /** /oauth/callback: completes a Google, Facebook or Telegram login. */
  | { name: 'oauthCallback' }
  | { name: 'notification'; noticeId?: number }
  | { name: 'forgotPassword' }
  /** LOGINIPVERF3: a login from a new IP answers with a challenge (second verification). */
  | { name: 'loginVerify'; challenge: { challengeId: string; methods: string[]; mobileNum: string | null; email: string | null } }
  /** Shown after a login (spec §4): a welcome with the member's next steps. */
  | { name: 'afterLogin' }
  /** `resetToken` from a mailed link: the set-new-password form. */
  | { name: 'resetPassword'; token: string }
  /** `forced`: after a login with an initial or expired password; cannot be closed until changed. */
  | { name: 'changePassword'; forced?: boolean }
  | { name: 'memberCentre'; page?: TMemberCentrePage }
  /** Agents only (spec §6: account types 1, 2, 41, 42). */
  | { name: 'agentCentre'; page?: TAgentCentrePage }
  /** The chat room (spec §2): members write, visitors read. */
  | { name: 'chat' };

interface TUiState {
  modal: TModal | null;
  /** Open requests for the loading spinner overlay; shown while above zero. */
  loading: number;
  openModal: (modal: TModal) => void;
  closeModal: () => void;
  startLoading: () => void;
  stopLoading: () => void;
}

export const useUiStore = create<TUiState>((set) => ({
  modal: null,
  loading: 0,
  openModal: (modal) => set({ modal }),
  closeModal: () => set({ modal: null }),
  startLoading: () => set((s) => ({ loading: s.loading + 1 })),
  stopLoading: () => set((s) => ({ loading: Math.max(0, s.loading - 1) })),
}));

export const openModal = (modal: TModal): void => useUiStore.getState().openModal(modal);
export const closeModal = (): void => useUiStore.getState().closeModal();

/** Show the loading overlay while a promise runs. */
export async function withLoading<T>(work: Promise<T>): Promise<T> {
  useUiStore.getState().startLoading();
  try {
    return await work;
  } finally {
    useUiStore.getState().stopLoading();
  }
}
