import sanitizeHtml from 'sanitize-html';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/** The text of sanitised HTML: tags dropped (blocks and breaks become spaces), entities decoded, spaces collapsed. */
export function htmlToText(html: string): string {
  const spaced = html.replace(/<(br|\/p|\/div|\/li|\/h[1-6]|\/tr|\/td|\/th|hr)\b[^>]*>/gi, ' $&');
  const stripped = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} });
  return stripped
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_m, e: string) => ENTITIES[e] ?? '')
    .replace(/&#(\d{1,6});/g, (_m, d: string) => String.fromCodePoint(Math.min(Number(d), 0x10ffff)))
    .replace(/\s+/g, ' ')
    .trim();
}

/** How long a message's preview is, in characters (code points). */
export const PREVIEW_CHARS = 80;

/** The first characters of a message as plain text, with an ellipsis when cut. */
export function previewOf(html: string): string {
  const chars = [...htmlToText(html)];
  return chars.length > PREVIEW_CHARS ? `${chars.slice(0, PREVIEW_CHARS).join('').trimEnd()}…` : chars.join('');
}

/** Operator or member plain text as stored: control characters (but line breaks) removed, trimmed. */
export function cleanPlainText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim();
}
