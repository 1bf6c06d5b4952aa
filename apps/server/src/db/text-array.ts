/** A PostgreSQL text[] literal for one parameter (`${textArray(xs)}::text[]`): every element quoted, quotes and backslashes escaped. */
export function textArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}
