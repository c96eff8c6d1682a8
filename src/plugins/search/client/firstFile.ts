/**
 * Fetches the local index's first file: its bytes, or an error naming the URL
 * and status. The page fetches it while the search worker starts and hands the
 * bytes over (./searchClient.ts); the engine fetches it itself otherwise
 * (./localIndex.ts). A deploy replaces the file under the same name, so the
 * browser asks the server whether its copy is current.
 */
export async function fetchFirstFile(url: string): Promise<ArrayBuffer> {
  const response = await fetch(url, {cache: 'no-cache', credentials: 'same-origin'});
  if (!response.ok) throw new Error(`The search index ${url} answered HTTP ${response.status}`);
  return response.arrayBuffer();
}
