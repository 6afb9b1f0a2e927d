/**
 * Pure: a patch in git's unified format (what `git apply` reads) from one set of files to another: each changed file
 * with three lines of context around each change, a new file from /dev/null, a removed one to it.
 */

const context = 3;

type Op = { kind: ' ' | '-' | '+'; line: string };

/** A text's lines; a last line without its newline carries a NUL, so it differs from the same words with one. */
function lines(text: string): string[] {
  if (text === '') return [];
  return text.endsWith('\n') ? text.slice(0, -1).split('\n') : `${text}\0`.split('\n');
}

/** The edit script from `a` to `b`: common start and end kept, the middle by a longest common subsequence. */
function editScript(a: readonly string[], b: readonly string[]): Op[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end += 1;
  const x = a.slice(start, a.length - end);
  const y = b.slice(start, b.length - end);
  // lengths[i][j]: the longest common subsequence of x[i..] and y[j..].
  const lengths = Array.from({ length: x.length + 1 }, () => new Uint32Array(y.length + 1));
  for (let i = x.length - 1; i >= 0; i -= 1) {
    for (let j = y.length - 1; j >= 0; j -= 1) {
      (lengths[i] as Uint32Array)[j] = x[i] === y[j] ? (lengths[i + 1] as Uint32Array)[j + 1]! + 1 : Math.max((lengths[i + 1] as Uint32Array)[j]!, (lengths[i] as Uint32Array)[j + 1]!);
    }
  }
  const middle: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < x.length || j < y.length) {
    if (i < x.length && j < y.length && x[i] === y[j]) {
      middle.push({ kind: ' ', line: x[i] as string });
      i += 1;
      j += 1;
    } else if (j < y.length && (i >= x.length || (lengths[i] as Uint32Array)[j + 1]! > (lengths[i + 1] as Uint32Array)[j]!)) {
      middle.push({ kind: '+', line: y[j] as string });
      j += 1;
    } else {
      middle.push({ kind: '-', line: x[i] as string });
      i += 1;
    }
  }
  const same = (line: string): Op => ({ kind: ' ', line });
  return [...a.slice(0, start).map(same), ...middle, ...a.slice(a.length - end).map(same)];
}

/** The hunks of one file's change, each with its header; a last line without its newline is marked as git marks it. */
function hunks(before: string, after: string): string[] {
  const ops = editScript(lines(before), lines(after));
  const out: string[] = [];
  let index = 0;
  while (index < ops.length) {
    const firstChange = ops.findIndex((op, at) => at >= index && op.kind !== ' ');
    if (firstChange < 0) break;
    const from = Math.max(index, firstChange - context);
    let to = firstChange;
    // A hunk runs on while the next change is within two contexts of the last.
    for (let at = firstChange; at < ops.length; at += 1) {
      if (ops[at]?.kind !== ' ') to = at;
      else if (at - to > 2 * context) break;
    }
    const last = Math.min(ops.length - 1, to + context);
    const slice = ops.slice(from, last + 1);
    const oldStart = ops.slice(0, from).filter((op) => op.kind !== '+').length;
    const newStart = ops.slice(0, from).filter((op) => op.kind !== '-').length;
    const oldCount = slice.filter((op) => op.kind !== '+').length;
    const newCount = slice.filter((op) => op.kind !== '-').length;
    const range = (start: number, count: number) => `${count === 0 ? start : start + 1}${count === 1 ? '' : `,${count}`}`;
    out.push(`@@ -${range(oldStart, oldCount)} +${range(newStart, newCount)} @@`);
    for (const op of slice) {
      out.push(`${op.kind}${op.line.replace(/\0$/, '')}`);
      if (op.line.endsWith('\0')) out.push('\\ No newline at end of file');
    }
    index = last + 1;
  }
  return out;
}

/** A patch taking `from` to `to` (files by their path in the repository), in path order; empty when they are the same. */
export function unifiedDiff(from: Readonly<Record<string, string>>, to: Readonly<Record<string, string>>): string {
  const paths = [...new Set([...Object.keys(from), ...Object.keys(to)])].filter((path) => from[path] !== to[path]).sort();
  return paths
    .map((path) => {
      const before = from[path];
      const after = to[path];
      const header =
        before === undefined
          ? [`diff --git a/${path} b/${path}`, 'new file mode 100644', '--- /dev/null', `+++ b/${path}`]
          : after === undefined
            ? [`diff --git a/${path} b/${path}`, 'deleted file mode 100644', `--- a/${path}`, '+++ /dev/null']
            : [`diff --git a/${path} b/${path}`, `--- a/${path}`, `+++ b/${path}`];
      return `${[...header, ...hunks(before ?? '', after ?? '')].join('\n')}\n`;
    })
    .join('');
}
