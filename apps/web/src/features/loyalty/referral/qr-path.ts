import { encode } from 'uqr';

/**
 * The invitation link as a QR code, drawn in the browser: the module grid (quiet zone of `border` modules around
 * it) as one SVG path of unit squares, so the page draws it with a single element at any size.
 */
export function qrPath(text: string, border = 2): { size: number; path: string } {
  const { data, size } = encode(text, { ecc: 'M', border });
  const parts: string[] = [];
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x} ${y}h1v1h-1z`);
    });
  });
  return { size, path: parts.join('') };
}
