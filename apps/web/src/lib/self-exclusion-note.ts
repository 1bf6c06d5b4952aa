/** Not a spec storage key: shared by the browser's tabs so that a tab whose session ends can say why. */
const EXCLUSION_NOTE = 'playhall.selfExcludedUntil';

/** The tab that self-excluded notes until when, for the member's other tabs in this browser. */
export function noteSelfExclusion(until: string): void {
  try {
    window.localStorage.setItem(EXCLUSION_NOTE, until);
  } catch {
    // No storage: the other tabs say only that the session ended.
  }
}

/** Until when this browser's member self-excluded, while that is still ahead; else null. */
export function selfExclusionNoted(now = Date.now()): string | null {
  let until: string | null = null;
  try {
    until = window.localStorage.getItem(EXCLUSION_NOTE);
  } catch {
    return null;
  }
  return until !== null && Date.parse(until) > now ? until : null;
}
