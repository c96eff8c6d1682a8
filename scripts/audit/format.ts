/** How the audit writes numbers and tables, the same in budget verdicts and in every report. */

export function formatBytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

export function formatRatio(ratio: number): string {
  const percent = (ratio - 1) * 100;
  return `${percent >= 0 ? '+' : '−'}${Math.abs(percent).toFixed(1)} %`;
}

export function formatMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}

export function formatMebibytes(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(0)} MiB`;
}

/** A verdict cell: `null` is a check that could not be measured. */
export function formatHolds(ok: boolean | null): string {
  return ok === null ? 'not measured' : ok ? 'yes' : '**no**';
}

/**
 * A Markdown table. `header` is written as in Markdown, `Page | LCP`; pipes and
 * line breaks in cells are escaped so that they cannot break the table.
 */
export function markdownTable(header: string, rows: string[][]): string[] {
  const columns = header.split(' | ');
  const line = (cells: string[]) =>
    `| ${cells.map((cell) => cell.replace(/\|/g, '\\|').replace(/\s+/g, ' ')).join(' | ')} |`;
  return [`| ${header} |`, line(columns.map(() => '---')), ...rows.map(line)];
}
