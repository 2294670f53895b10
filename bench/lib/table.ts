export type Row = {
  section: string;
  item: string;
  value: string;
  ratio?: string;
  target?: string;
  /** null: not measured (shown as 'not yet' / 'n/a'). */
  pass: boolean | null;
  note?: string | undefined;
};

function verdict(row: Row): string {
  if (row.pass === null) return row.note?.startsWith('not yet') ? 'not yet' : 'n/a';
  return row.pass ? 'pass' : 'FAIL';
}

/** A Markdown table: readable in a terminal and pasted as is into the README. */
export function renderTable(rows: Row[]): string {
  const header = ['section', 'measure', 'value', 'ratio', 'target', 'result'];
  const lines = rows.map((r) => [
    r.section,
    r.item,
    r.note && r.pass !== null ? `${r.value} (${r.note})` : r.pass === null && r.note ? r.note : r.value,
    r.ratio ?? '',
    r.target ?? '',
    verdict(r),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [fmt(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...lines.map(fmt)].join('\n');
}
