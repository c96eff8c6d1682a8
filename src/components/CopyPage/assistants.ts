/** The chat assistants the page menu opens, with the address that starts a chat with a prompt. */
export const ASSISTANTS = [
  {name: 'ChatGPT', chatUrl: 'https://chatgpt.com/?q='},
  {name: 'Claude', chatUrl: 'https://claude.ai/new?q='},
] as const;

/** The address that opens `assistant` with a prompt to read the page's Markdown twin at `twinUrl`, then answer questions about it. */
export function assistantHref(
  assistant: (typeof ASSISTANTS)[number],
  twinUrl: string,
  siteTitle: string,
): string {
  const prompt = `Read ${twinUrl} (a page of ${siteTitle}, as Markdown) so that you can answer my questions about it.`;
  return `${assistant.chatUrl}${encodeURIComponent(prompt)}`;
}
