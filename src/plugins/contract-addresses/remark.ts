import type {PhrasingContent, Root, RootContent, Table, TableCell} from 'mdast';

/**
 * Expands `::contract-addresses{chains="polygon polygonAmoy" contracts="DATA StreamRegistry"}` into a
 * table of the addresses in `@streamr/config` (a row per contract, a column per chain, each address
 * linked to the chain's block explorer), so a redeployment reaches the page with the package version.
 * The Markdown twins (src/plugins/llms-txt) expand it with the same function.
 */
export type ContractChain = {
  name: string;
  id: number;
  blockExplorerUrl?: string;
  contracts: Record<string, string | undefined>;
};

/** `@streamr/config`: its version and its chains by key (`polygon`, `polygonAmoy`, …). */
export type ContractsSource = {version: string; chains: Record<string, ContractChain | undefined>};

const DIRECTIVE_NAME = 'contract-addresses';

type Parent = {children: RootContent[]};

/** Replaces every `::contract-addresses` leaf directive of the tree; a bad one throws naming file and line. */
export function expandContractAddresses(tree: Root, file: string, source: ContractsSource): void {
  const walk = (parent: Parent) => {
    parent.children = parent.children.map((node) => {
      if (node.type === 'leafDirective' && node.name === DIRECTIVE_NAME)
        return addressTable(node.attributes ?? {}, `${file}:${node.position?.start.line ?? 1}`, source);
      if ('children' in node) walk(node as Parent);
      return node;
    });
  };
  walk(tree);
}

function words(attributes: Record<string, string | null | undefined>, name: string, where: string): string[] {
  const list = (attributes[name] ?? '').split(/[\s,]+/).filter(Boolean);
  if (!list.length)
    throw new Error(
      `${where}: ::${DIRECTIVE_NAME} needs ${name}="…", a space-separated list of @streamr/config ${name === 'chains' ? 'chain keys (e.g. polygon polygonAmoy)' : 'contract keys (e.g. DATA StreamRegistry)'}`,
    );
  return list;
}

function addressTable(
  attributes: Record<string, string | null | undefined>,
  where: string,
  source: ContractsSource,
): Table {
  const chains = words(attributes, 'chains', where).map((key) => {
    const chain = source.chains[key];
    if (!chain)
      throw new Error(
        `${where}: @streamr/config ${source.version} has no chain "${key}"; it has ${Object.keys(source.chains).join(', ')}`,
      );
    return {key, ...chain};
  });
  const contracts = words(attributes, 'contracts', where);
  const text = (value: string): PhrasingContent => ({type: 'text', value});
  const cell = (children: PhrasingContent[]): TableCell => ({type: 'tableCell', children});
  const header = [
    cell([
      text('Contract (key in '),
      {type: 'inlineCode', value: '@streamr/config'},
      text(` ${source.version})`),
    ]),
    ...chains.map((chain) => cell([text(`${chain.name} (chain ID ${chain.id})`)])),
  ];
  const rows = contracts.map((contract) => [
    cell([{type: 'inlineCode', value: contract}]),
    ...chains.map((chain) => {
      const address = chain.contracts[contract];
      if (!address)
        throw new Error(
          `${where}: @streamr/config ${source.version} has no "${contract}" on ${chain.key}; remove it from contracts="…" or pick another chain`,
        );
      const code: PhrasingContent = {type: 'inlineCode', value: address};
      return cell(
        chain.blockExplorerUrl
          ? [{type: 'link', url: `${chain.blockExplorerUrl}/address/${address}`, children: [code]}]
          : [code],
      );
    }),
  ]);
  return {
    type: 'table',
    align: header.map(() => null),
    children: [header, ...rows].map((children) => ({type: 'tableRow', children})),
  };
}

/** The remark plugin: Docusaurus runs it on each docs page, with `source` bound in config/contracts.ts. */
export default function remarkContractAddresses(source: ContractsSource) {
  return (tree: Root, file: {path?: string}) => expandContractAddresses(tree, file.path ?? '(page)', source);
}
