/**
 * Fills a translated pattern message: '(min)' and '(max)' become the bounds; when they are equal,
 * '(min) - (max)' (with or without spaces around the dash) becomes that one number.
 */
export function patternMessage(template: string, min: number, max: number): string {
  const collapsed = min === max ? template.replace(/\(min\)\s*-\s*\(max\)/g, String(min)) : template;
  return collapsed.replace(/\(min\)/g, String(min)).replace(/\(max\)/g, String(max));
}
