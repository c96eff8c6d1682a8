/**
 * V8 heap flags of the Docusaurus build process (scripts/build-checked.ts). The build allocates a
 * lot and briefly (MDX, the pages' HTML, the search records); without limits V8 lets a roomy heap
 * grow far beyond what stays alive instead of collecting. A small young generation (4 MB
 * semi-spaces) promotes less garbage; a 384 MB old generation, about twice the live heap, makes V8
 * collect before growing past it. A much bigger site that stops with "heap out of memory" raises the
 * cap with BUILD_MAX_OLD_SPACE_MB. The build's child processes get their own flags
 * (src/node/node-child.ts).
 */
export function buildHeapFlags(env: NodeJS.ProcessEnv = process.env): string[] {
  const oldSpace = Number(env.BUILD_MAX_OLD_SPACE_MB ?? 384);
  if (!Number.isInteger(oldSpace) || oldSpace < 64)
    throw new Error(
      `BUILD_MAX_OLD_SPACE_MB must be a whole number of megabytes, at least 64 (got ${oldSpace})`,
    );
  return ['--max-semi-space-size=4', `--max-old-space-size=${oldSpace}`];
}
