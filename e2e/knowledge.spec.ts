import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  expect,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  registerTestCustomer,
  signInWithApi,
  test,
} from './fixtures';

const docs = fileURLToPath(new URL('../../shared/testdata/docs/', import.meta.url));
const shots = 'test-results/screens/knowledge';

function baseUrl() {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set');
  return url;
}

test('a customer creates a bot, trains it on documents with live progress, and nobody else sees it', async ({
  page,
  browser,
}) => {
  test.slow();
  const owner = await registerTestCustomer(page.request, { verified: true, name: 'Dana Docs' });
  await signInWithApi(page.request, baseUrl(), owner.email, owner.password);

  await page.goto('/dashboard/bots');
  await page.getByRole('link', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/bots\/new$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Chatbot' })).toBeVisible();
  await page.getByLabel(/^Chatbot name/).fill('Help Desk Hannah');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/bots\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Chatbot' })).toBeVisible();
  const botUrl = new URL(page.url()).pathname;

  await page.getByRole('tab', { name: 'Training' }).click();
  await page.getByRole('link', { name: 'Add Source' }).click();
  await expect(page).toHaveURL(/\/dashboard\/documents\?botId=/);
  await expect(page.getByRole('combobox', { name: 'Chatbot' })).toHaveValue(
    botUrl.split('/').pop()!,
  );

  // Refused in the browser, each with its own reason, and never sent.
  const good = path.join(docs, 'pdf/tika-testPDF.pdf');
  const goodBytes = readFileSync(good);
  await page.locator('input[type=file]').setInputFiles([
    { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a', 'hex') },
    { name: 'huge.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(10_485_761, 32) },
  ]);
  const rejected = page.getByTestId('rejected-files');
  await expect(rejected.getByRole('listitem')).toHaveCount(2);
  await expect(rejected.getByRole('listitem').filter({ hasText: 'photo.png' })).toContainText(
    'Unsupported file type. Upload PDF, DOC, DOCX, TXT or MD files.',
  );
  await expect(rejected.getByRole('listitem').filter({ hasText: 'huge.pdf' })).toContainText(
    'Larger than the 10 MB limit (10,485,761 bytes; at most 10,485,760).',
  );

  // The damaged file is a real PDF cut short: accepted as a PDF, then refused by the parser.
  await page.locator('input[type=file]').setInputFiles([
    { name: 'tika-testPDF.pdf', mimeType: 'application/pdf', buffer: goodBytes },
    {
      name: 'damaged.pdf',
      mimeType: 'application/pdf',
      buffer: goodBytes.subarray(0, 900),
    },
  ]);
  const queue = page.getByRole('list', { name: 'Processing queue' });
  const goodItem = queue.getByTestId('queue-item').filter({ hasText: 'tika-testPDF.pdf' });
  const badItem = queue.getByTestId('queue-item').filter({ hasText: 'damaged.pdf' });
  await expect(goodItem.getByTestId('queue-status')).toHaveText('Completed', { timeout: 20_000 });
  await expect(badItem.getByTestId('queue-status')).toHaveText('Failed', { timeout: 20_000 });
  await expect(badItem.getByRole('alert')).toContainText('Failed to process document');
  await expect(page.getByText('1 processed')).toBeVisible();
  await page.screenshot({ path: `${shots}/documents-desktop.png`, fullPage: true });

  const retried = page.waitForResponse((response) => response.url().includes('/retry'));
  await badItem.getByRole('button', { name: /Retry/ }).click();
  expect((await retried).status()).toBe(202);
  await expect(badItem.getByTestId('queue-status')).toHaveText('Failed', { timeout: 20_000 });
  // A failed document answers nothing: it is not counted as knowledge, and it is named apart.
  await expect(page.getByTestId('knowledge-count')).toHaveText(
    '1 source in its knowledge · 1 failed, not used for answers',
  );

  await badItem.getByRole('button', { name: /Remove/ }).click();
  await expect(page.getByTestId('knowledge-count')).toHaveText('1 source in its knowledge');
  await expect(badItem).toHaveCount(0);

  // The original comes back byte for byte.
  const table = page.getByRole('table', { name: 'All documents' });
  const downloading = page.waitForEvent('download');
  await table.getByRole('link', { name: 'Download tika-testPDF.pdf' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('tika-testPDF.pdf');
  expect(readFileSync(await download.path())).toEqual(goodBytes);

  // 'Clear all' hides finished work from the queue; the document stays in the knowledge.
  await page.getByRole('button', { name: 'Clear all' }).click();
  await expect(page.getByText('No documents in queue')).toBeVisible();
  await expect(
    table.getByTestId('document-row').filter({ hasText: 'tika-testPDF.pdf' }),
  ).toContainText('Processed');

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: `${shots}/documents-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoSeriousA11yViolations(page);

  await page.goto(botUrl);
  await page.getByRole('tab', { name: 'Training' }).click();
  const sources = page.getByRole('list', { name: 'Knowledge sources' });
  await expect(sources).toContainText('tika-testPDF.pdf');
  await expect(sources).toContainText('Processed');
  await expect(sources).not.toContainText('damaged.pdf');
  // Everything is already processed: the button says so instead of pretending to start.
  await page.getByRole('button', { name: 'Start Training' }).click();
  await expect(page.getByText('Your 1 source is up to date')).toBeVisible();
  await expect(page.getByText('Training started')).toHaveCount(0);
  await page.screenshot({ path: `${shots}/training-desktop.png`, fullPage: true });

  const strangerContext = await browser.newContext({ baseURL: baseUrl() });
  const strangerPage = await strangerContext.newPage();
  const stranger = await registerTestCustomer(strangerPage.request, { verified: true });
  await signInWithApi(strangerPage.request, baseUrl(), stranger.email, stranger.password);
  await strangerPage.goto(botUrl);
  await expect(strangerPage.getByText('Chatbot not found')).toBeVisible();
  await strangerPage.goto('/dashboard/documents');
  await expect(strangerPage.getByText('tika-testPDF.pdf')).toHaveCount(0);
  await strangerContext.close();
});
