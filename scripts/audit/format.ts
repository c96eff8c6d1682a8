/** How the audit writes numbers, the same in budget verdicts and in the report. */

export function formatBytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

export function formatRatio(ratio: number): string {
  const percent = (ratio - 1) * 100;
  return `${percent >= 0 ? '+' : '−'}${Math.abs(percent).toFixed(1)} %`;
}

export function formatCls(cls: number): string {
  return cls.toFixed(3);
}

export function formatMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}

export function formatSeconds(seconds: number | undefined): string {
  return seconds === undefined ? 'not measured' : `${seconds.toFixed(1)} s`;
}

export function formatMebibytes(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(0)} MiB`;
}
