// cspell:ignore generateethereumaccount
import {expect, test} from './fixtures.ts';

/** The SDK's "API changes" page (src/plugins/typedoc-sdk/members.ts), as a reader uses it. */
const CHANGES = '/usage/sdk/api/changes';

test('a reordered union is no change, the default export is explained, removed members link to 102', async ({
  page,
}) => {
  await page.goto(CHANGES);
  const article = page.locator('article');
  // StreamMessage.getParsedContent returns the same union in another order in 103.
  await expect(article.getByText('StreamMessage.getParsedContent')).toHaveCount(0);
  await expect(article.locator('li', {hasText: /^default:/})).toHaveText(
    "default: the package's default export, which was StreamrClient; import StreamrClient by name instead",
  );
  const removed = article.getByRole('link', {name: 'StreamrClient.generateEthereumAccount'});
  await expect(removed).toHaveAttribute(
    'href',
    '/usage/sdk/api/102/classes/StreamrClient#generateethereumaccount',
  );
  await removed.click();
  await expect(page).toHaveURL(/\/usage\/sdk\/api\/102\/classes\/StreamrClient#generateethereumaccount$/);
  await expect(page.locator('h3#generateethereumaccount')).toBeInViewport();
});
