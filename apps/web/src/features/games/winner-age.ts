/** How long ago a win was, in the unit the board shows: under a minute, minutes, hours, else the date and time. */
export type TWinnerAge = { unit: 'now' } | { unit: 'minutes' | 'hours'; count: number } | { unit: 'date' };

export function winnerAge(time: string, now: number): TWinnerAge {
  const minutes = Math.floor((now - Date.parse(time)) / 60_000);
  if (minutes < 1) return { unit: 'now' };
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  if (minutes < 24 * 60) return { unit: 'hours', count: Math.floor(minutes / 60) };
  return { unit: 'date' };
}
