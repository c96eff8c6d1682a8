/**
 * V8 heap flags of the Docusaurus build process (scripts/build-checked.ts, so
 * also the audit's cold build). Without them, V8 lets the heap grow far beyond
 * what the build keeps alive: the build allocates a lot and briefly (MDX, the
 * pages' HTML, the search records), and garbage waits for a collection that a
 * roomy heap has no reason to start. Measured on this site, the main heap holds
 * about 200 MB alive after a collection, while its resident size reached 700 MB.
 *
 * - A small young generation (4 MB semi-spaces instead of up to 32 MB) is
 *   collected more often and promotes less garbage.
 * - A 384 MB old generation, about twice the live heap measured, makes V8 collect
 *   before it grows past that (the pages are rendered on the main thread,
 *   config/faster.ts; the build's child processes get their own flags,
 *   src/node/node-child.ts). A build that really
 *   needs more (a much bigger site) stops with "heap out of memory"; raise it
 *   with BUILD_MAX_OLD_SPACE_MB.
 */
export function buildHeapFlags(env: NodeJS.ProcessEnv = process.env): string[] {
  const oldSpace = Number(env.BUILD_MAX_OLD_SPACE_MB ?? 384);
  if (!Number.isInteger(oldSpace) || oldSpace < 64)
    throw new Error(
      `BUILD_MAX_OLD_SPACE_MB must be a whole number of megabytes, at least 64 (got ${oldSpace})`,
    );
  return ['--max-semi-space-size=4', `--max-old-space-size=${oldSpace}`];
}
