import { isModuleOn, type TWhitelabelFlag } from '@playhall/contract/whitelabel';
import { usePermission } from './api/get-status.ts';

/** Whether a white-label flag of spec §6 is on for this merchant. */
export function useFlag(flag: TWhitelabelFlag): boolean {
  return isModuleOn(usePermission().info.whitelabel, flag);
}
