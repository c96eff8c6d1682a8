/** The chat assistants the page menu opens, with the address that starts a chat with a prompt. */
export const ASSISTANTS = [
  {name: 'ChatGPT', chatUrl: 'https://chatgpt.com/?q='},
  {name: 'Claude', chatUrl: 'https://claude.ai/new?q='},
] as const;

/** The prompt a new chat starts with: read the page's Markdown twin, then answer questions about it. */
export function assistantPrompt(twinUrl: string, siteTitle: string): string {
  return `Read ${twinUrl} (a page of ${siteTitle}, as Markdown) so that you can answer my questions about it.`;
}

/** The address that opens `assistant` with the prompt for the twin at `twinUrl`. */
export function assistantHref(
  assistant: (typeof ASSISTANTS)[number],
  twinUrl: string,
  siteTitle: string,
): string {
  return `${assistant.chatUrl}${encodeURIComponent(assistantPrompt(twinUrl, siteTitle))}`;
}
