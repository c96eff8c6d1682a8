/** `task` over `items`, at most `limit` at a time; the results keep the items' order. */
export async function inParallel<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++)
      results[index] = await task(items[index], index);
  };
  await Promise.all(Array.from({length: Math.min(limit, items.length)}, worker));
  return results;
}
