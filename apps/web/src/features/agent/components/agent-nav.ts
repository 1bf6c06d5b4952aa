import { createContext, useContext } from 'react';
import type { TAgentCentrePage } from '../agent-pages.ts';

/** Moving between agent-centre pages from inside one (team management → that member's contracts). */
export interface TAgentNav {
  go: (page: TAgentCentrePage, account?: string) => void;
  /** The account the current page was opened for, if any. */
  account: string | undefined;
}

export const AgentNavContext = createContext<TAgentNav>({ go: () => undefined, account: undefined });

export const useAgentNav = (): TAgentNav => useContext(AgentNavContext);
