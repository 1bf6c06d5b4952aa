/**
 * White-label module ids (spec §6) and the agent-menu flags. A node is on when `enabled === '1'`.
 * The seed stores this tree; the operator CLI flips flags by modId.
 */
export const WHITELABEL_FLAGS = {
  DIRECTREG3: 'Register button',
  MOBILEVERCODELOGIN3: 'Log in by SMS code',
  CHNGPASSMAIL3: 'Forgot password by e-mail',
  CHNGPASSVERIF3: 'Forgot password by mobile verification',
  REGMOBVERF3: 'SMS code required to register',
  MOBILENUMREG3: 'Register by mobile number',
  MOBILENUMPASSREG3: 'Register by mobile number with a password',
  USERNAMEREG3: 'Register by username',
  FREEPLAY3: 'Free play (guest login)',
  PWDEXPFORCECHANGE3: 'Force a change of an expired password',
  LOGINIPVERF3: 'Second verification when logging in from a new IP',
  LOGINREQUIRED3: 'Login required to reach the home page',
  GOOGLELOGIN3: 'Log in with Google',
  FACEBOOKLOGIN3: 'Log in with Facebook',
  TELEGRAMLOGIN3: 'Log in with Telegram',
} as const;

/** Agent centre menu entries, each switchable per merchant. */
export const AGENT_MENU_FLAGS = {
  AGENTANNOUNCE3: 'Agency announcement',
  AGENTTEAMOVERVIEW3: 'Team overview',
  AGENTREGISTER3: 'Register account (downline)',
  AGENTTEAMMANAGE3: 'Team management',
  AGENTTEAMBET3: 'Team betting',
  AGENTPROFITLOSS3: 'User profit and loss',
  AGENTINCOME3: 'My income',
  AGENTDOWNLINETRANS3: 'Downline transaction details',
  AGENTDIVIDEND3: 'Dividend records',
  AGENTDAILYWAGE3: 'Daily wages',
  AGENTHOURSALARY3: 'Hourly salary',
} as const;

export type TWhitelabelFlag = keyof typeof WHITELABEL_FLAGS;
export type TAgentMenuFlag = keyof typeof AGENT_MENU_FLAGS;
export type TModuleFlag = TWhitelabelFlag | TAgentMenuFlag;

export const ALL_MODULE_FLAGS = [
  ...Object.keys(WHITELABEL_FLAGS),
  ...Object.keys(AGENT_MENU_FLAGS),
] as TModuleFlag[];

export interface TModuleNode {
  modId: string;
  enabled: '0' | '1';
  childrenNodes: TModuleNode[];
}

/** Depth-first search of a module tree for a flag; absent means off. */
export function isModuleOn(tree: readonly TModuleNode[], modId: string): boolean {
  for (const node of tree) {
    if (node.modId === modId) return node.enabled === '1';
    if (isModuleOn(node.childrenNodes, modId)) return true;
  }
  return false;
}
