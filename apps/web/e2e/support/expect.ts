import { expect as baseExpect } from '@playwright/test';

/** The specs that use these helpers wait 30 s, not 10: logins hash slowly and slot rounds animate on a shared machine. */
export const expect = baseExpect.configure({ timeout: 30_000 });
