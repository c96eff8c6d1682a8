import {readFileSync} from 'node:fs';
import {expect, test} from './fixtures.ts';

const sdkVersion: string = JSON.parse(readFileSync('package.json', 'utf8')).dependencies['@streamr/sdk'];

test('/api-docs shows the SDK version, how to install it and the main entry points', async ({page}) => {
  await page.goto('/api-docs');
  await expect(page.locator('main h1')).toHaveText('Streamr SDK API');
  await expect(page.locator('main')).toContainText(`@streamr/sdk@${sdkVersion}`);
  await expect(page.locator('main pre').first()).toContainText(`npm install @streamr/sdk@${sdkVersion}`);
  for (const name of [
    'StreamrClient',
    'Stream',
    'Subscription',
    'EthereumKeyPairIdentity',
    'StreamrClientConfig',
  ]) {
    const link = page.locator('main dt a', {hasText: new RegExp(`^${name}$`)});
    await expect(link).toHaveAttribute('href', /^\/usage\/sdk\/api\/(classes|interfaces|enumerations)\//);
    await expect(link.locator('xpath=../../dd')).toHaveText(/\w{4,}.{20,}/);
  }
  await page.locator('main dt a', {hasText: /^Subscription$/}).click();
  await expect(page.locator('article h1')).toHaveText('Class: Subscription');
});
