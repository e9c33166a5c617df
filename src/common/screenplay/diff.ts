/** Line diff (Myers' O(ND) algorithm): what compare shows between two revisions and what a conflict shows. */

export interface DiffLine {
  kind: "same" | "added" | "removed";
  text: string;
  /** 1-based line in the old text (same/removed) and in the new text (same/added). */
  oldLine: number | null;
  newLine: number | null;
}

export function diffLines(before: string, after: string): DiffLine[] {
  const a = before.replace(/\r\n?/g, "\n").split("\n");
  const b = after.replace(/\r\n?/g, "\n").split("\n");
  // The unchanged head and tail are most of a revision; only the middle is searched.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const out: DiffLine[] = [];
  for (let i = 0; i < head; i++) out.push({ kind: "same", text: a[i]!, oldLine: i + 1, newLine: i + 1 });
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  for (const op of myers(midA, midB)) {
    if (op.kind === "same")
      out.push({ kind: "same", text: midA[op.i]!, oldLine: head + op.i + 1, newLine: head + op.j + 1 });
    else if (op.kind === "removed")
      out.push({ kind: "removed", text: midA[op.i]!, oldLine: head + op.i + 1, newLine: null });
    else out.push({ kind: "added", text: midB[op.j]!, oldLine: null, newLine: head + op.j + 1 });
  }
  for (let k = tail; k > 0; k--)
    out.push({ kind: "same", text: a[a.length - k]!, oldLine: a.length - k + 1, newLine: b.length - k + 1 });
  return out;
}

const MAX_EDIT = 4000;

type Op = { kind: "same" | "removed" | "added"; i: number; j: number };

function myers(a: string[], b: string[]): Op[] {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  if (max === 0) return [];
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  // Each step keeps only the diagonals it can reach, so memory grows with the edit distance, not the length.
  const trace: Int32Array[] = [];
  let found = false;
  outer: for (let d = 0; d <= Math.min(max, MAX_EDIT); d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = true;
        break outer;
      }
    }
  }
  if (!found) {
    // Too different to be worth aligning: everything old out, everything new in.
    return [
      ...a.map((_, i) => ({ kind: "removed" as const, i, j: 0 })),
      ...b.map((_, j) => ({ kind: "added" as const, i: 0, j })),
    ];
  }
  const ops: Op[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0 && (x > 0 || y > 0); d--) {
    const w = trace[d]!;
    const at = (k: number) => w[k + d + 1]!;
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
      ops.push({ kind: "same", i: x, j: y });
    }
    if (d > 0) {
      if (x === prevX) ops.push({ kind: "added", i: x, j: y - 1 });
      else ops.push({ kind: "removed", i: x - 1, j: y });
    }
    x = prevX;
    y = prevY;
  }
  return ops.reverse();
}

/** How many lines a diff adds and removes. */
export function diffStats(lines: DiffLine[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const l of lines) {
    if (l.kind === "added") added++;
    else if (l.kind === "removed") removed++;
  }
  return { added, removed };
}
