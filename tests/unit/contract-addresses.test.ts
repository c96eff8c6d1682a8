import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {expandContractAddressesInTwin, streamrConfig} from '../../config/contracts.ts';
import remarkContractAddresses, {type ContractsSource} from '../../src/plugins/contract-addresses/remark.ts';
import {toMarkdownTwin} from '../../src/plugins/llms-txt/markdown.ts';

const source: ContractsSource = {
  version: '9.9.9',
  chains: {
    main: {name: 'Main', id: 1, blockExplorerUrl: 'https://scan.example', contracts: {Token: '0xAbC'}},
    test: {name: 'Test', id: 2, contracts: {Token: '0xDeF'}},
  },
};

const twin = (markdown: string, file = 'docs/page.md', from = source) =>
  toMarkdownTwin(markdown, {
    mdx: false,
    title: 'Page',
    sourceName: file,
    resolveUrl: (url) => url,
    transforms: [(tree, name) => remarkContractAddresses(from)(tree, {path: name})],
  });

describe('::contract-addresses', () => {
  it('becomes a table of the package version, one column per chain, addresses linked to the explorer', () => {
    expect(twin('Intro\n\n::contract-addresses{chains="main test" contracts="Token"}\n')).toContain(
      [
        '| Contract (key in `@streamr/config` 9.9.9) | Main (chain ID 1) | Test (chain ID 2) |',
        '| --- | --- | --- |',
        '| `Token` | [`0xAbC`](https://scan.example/address/0xAbC) | `0xDeF` |',
      ].join('\n'),
    );
  });

  it('names file and line of a chain or contract the package does not have, and of missing lists', () => {
    expect(() => twin('# T\n\n::contract-addresses{chains="main gone" contracts="Token"}\n')).toThrow(
      'docs/page.md:3: @streamr/config 9.9.9 has no chain "gone"; it has main, test',
    );
    expect(() => twin('# T\n\n\n::contract-addresses{chains="main" contracts="Token Nope"}\n')).toThrow(
      'docs/page.md:4: @streamr/config 9.9.9 has no "Nope" on main',
    );
    expect(() => twin('::contract-addresses{contracts="Token"}\n')).toThrow(
      'docs/page.md:1: ::contract-addresses needs chains="…"',
    );
  });

  it('the smart-contracts page and its twin show the installed @streamr/config addresses', () => {
    const file = 'docs/streamr-network/smart-contracts.md';
    const page = readFileSync(file, 'utf8');
    const markdown = toMarkdownTwin(page, {
      mdx: false,
      title: 'Smart contracts',
      sourceName: file,
      resolveUrl: (url) => url,
      transforms: [expandContractAddressesInTwin],
    });
    const {polygon, polygonAmoy} = streamrConfig.chains;
    expect(markdown).toContain(`\`@streamr/config\` ${streamrConfig.version})`);
    for (const chain of [polygon!, polygonAmoy!]) {
      const address = chain.contracts.StreamRegistry!;
      expect(page, 'the page leaves the address to the package').not.toContain(address);
      expect(markdown).toContain(`[\`${address}\`](${chain.blockExplorerUrl}/address/${address})`);
    }
  });
});
