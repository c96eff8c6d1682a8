import {readFileSync} from 'node:fs';
import path from 'node:path';
import {withBoundOptions} from './build-only-options.ts';
import remarkContractAddresses, {
  expandContractAddresses,
  type ContractsSource,
} from '../src/plugins/contract-addresses/remark.ts';

/** The installed `@streamr/config` (pinned in package.json), read from the site folder. */
const packageDir = path.resolve('node_modules/@streamr/config');

export const streamrConfig: ContractsSource = {
  version: (JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {version: string})
    .version,
  chains: JSON.parse(readFileSync(path.join(packageDir, 'config.json'), 'utf8')) as ContractsSource['chains'],
};

/** The remark step that turns `::contract-addresses{…}` into the address table; keyed on the package version. */
export const contractAddresses = withBoundOptions(remarkContractAddresses, streamrConfig, {
  version: streamrConfig.version,
});

/** The same expansion for the Markdown twins (config/llms.ts). */
export function expandContractAddressesInTwin(
  tree: Parameters<typeof expandContractAddresses>[0],
  file: string,
) {
  expandContractAddresses(tree, file, streamrConfig);
}
