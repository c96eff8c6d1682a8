/**
 * Judges the output of `docusaurus build` for scripts/build-checked.ts: the site
 * builds with zero warnings, and Docusaurus reports some problems (broken
 * anchors, duplicate routes) only as a `[WARNING]` block that ends with the build
 * still succeeding. Each block is kept whole, so the summary names what the
 * warning is about (for a broken anchor: the page and the link).
 */

// Color codes, which Docusaurus's logger adds when the output is a terminal or FORCE_COLOR is set.
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;
/** A line that starts a new message: "[INFO] ...", "[SUCCESS] ...", a tool's "[info] ...", "[search] ...". */
const MESSAGE_START = /^\[[a-z]+\]/i;

/**
 * The warnings in a build's output, each as its text: the `[WARNING]` line and
 * the detail lines under it, up to the next logger message. `output`: stdout and
 * stderr of the build.
 */
export function buildWarnings(output: string): string[] {
  const lines = output.replace(ANSI, '').split(/\r?\n/);
  const warnings: string[] = [];
  let current: string[] | undefined;
  for (const line of lines) {
    if (line.includes('[WARNING]')) {
      if (current) warnings.push(current.join('\n').trim());
      current = [line.trim()];
    } else if (current && MESSAGE_START.test(line)) {
      warnings.push(current.join('\n').trim());
      current = undefined;
    } else if (current) {
      current.push(line.trimEnd());
    }
  }
  if (current) warnings.push(current.join('\n').trim());
  return warnings.map((warning) => warning.replace(/\n{2,}/g, '\n'));
}

/** Why a finished build fails the check, or undefined if it passes. */
export function judgeBuild({
  exitCode,
  output,
}: {
  exitCode: number | null;
  output: string;
}): string | undefined {
  if (exitCode !== 0) return `The build failed (exit code ${exitCode ?? 'none: killed'}).`;
  const warnings = buildWarnings(output);
  if (warnings.length === 0) return undefined;
  return `The build printed ${warnings.length} warning(s); the site builds with none:\n\n${warnings.join('\n\n')}`;
}
