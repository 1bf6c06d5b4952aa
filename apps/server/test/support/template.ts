import { inject } from 'vitest';

export const TEST_MERCHANT = 'PLAYHALL';
export const TEST_DEMO_PASSWORD = 'Test12345';

/** How createTestApp seeds by default: the database global-setup.ts builds once and every file copies. */
export const TEMPLATE_SEED = {
  merchantCode: TEST_MERCHANT,
  seedDemo: true,
  demoPassword: TEST_DEMO_PASSWORD,
  demoContracts: false,
  demoSports: false,
} as const;

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the name of the template database on DATABASE_URL's server. */
    templateDatabase: string | undefined;
    /** PGlite: the file holding the template's dump. */
    pgliteTemplate: string | undefined;
  }
}

/** The run's template, when global-setup.ts made one (a file run outside the server project has none). */
export function runTemplate(): { database?: string; pgliteFile?: string } {
  try {
    return { database: inject('templateDatabase'), pgliteFile: inject('pgliteTemplate') };
  } catch {
    return {};
  }
}
