/** Prints a child's stdout and stderr line by line, each line prefixed with `[name]` (for runs side by side). */
export function prefixOutput(child, name) {
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) console.log(`[${name}] ${line}`);
    });
    stream.on('end', () => rest && console.log(`[${name}] ${rest}`));
  }
}
