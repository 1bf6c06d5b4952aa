// What a chat message keeps of what was typed (docs/decisions.md, "Messages and realtime (issue 19)"). Every call
// already refuses C0 controls other than tab, newline and carriage return (plugins/contract-routes.ts); here the
// rest that can disturb a line others read is removed: line breaks and tabs become one space (a room line is one
// line), C1 controls, bidi overrides and isolates (a name or text shown reversed), zero-width spaces and other
// invisible formatting characters (the zero-width joiners stay: emoji sequences and some scripts need them).
// Markup is not touched: `<b>` stays the three characters typed, and the web renders it as text.

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const LINE_BREAKS = /[\t\n\r\u000B\u000C\u0085\u2028\u2029]+/g;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const INVISIBLE = /[\u0000-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB]/g;

/** The text as stored and shown: invisible and control characters removed, line breaks as spaces, trimmed. */
export function cleanChatText(typed: string): string {
  return typed.replace(LINE_BREAKS, ' ').replace(INVISIBLE, '').trim();
}
