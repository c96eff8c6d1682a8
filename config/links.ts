/** Community and project links shown in the footer and on help pages. */
export const communityLinks = {
  discord: 'https://discord.gg/gZAm8P7hK8',
  x: 'https://x.com/streamr',
  github: 'https://github.com/streamr-dev/network',
} as const;
