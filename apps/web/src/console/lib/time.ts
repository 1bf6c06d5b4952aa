/** A moment as the operator reads it: yyyy-mm-dd hh:mm:ss in the browser's zone (staff work in the office's zone). */
export function formatTime(iso: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** A request id for a money call: a fresh one per submit, so a retried request moves no money twice. */
export function newRequestId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}
