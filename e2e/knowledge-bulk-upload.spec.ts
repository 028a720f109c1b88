import type { Page } from '@playwright/test';
import { botDefaults } from '@askwell/shared';
import { buildZip } from '../apps/api/test/support/hostile-files';
import { expect, registerTestCustomer, signInWithApi, test } from './fixtures';

const shots = 'test-results/screens/knowledge';

// The drop zone ignores files until the chatbot list has loaded and one is chosen, as a person
// would see (it is greyed out); files set before that would be dropped without a word.
async function expectDropZoneReady(page: Page) {
  await expect(
    page.getByLabel('Upload documents: drag and drop files here, or click to select files'),
  ).toHaveAttribute('aria-disabled', 'false');
}

function baseUrl() {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set');
  return url;
}

test('a customer drops 300 small files on the Documents page and every one is uploaded and processed, with no request refused', async ({
  page,
}) => {
  // 300 documents go through the real job queue: minutes on a busy machine (7.5 min for 298 at a
  // load average of 30 on 2 cores).
  test.setTimeout(900_000);
  const owner = await registerTestCustomer(page.request, { verified: true, name: 'Bulk Bea' });
  await signInWithApi(page.request, baseUrl(), owner.email, owner.password);
  const created = await page.request.post('/api/bots', {
    headers: { Origin: baseUrl() },
    data: { ...botDefaults, name: 'Bulk help desk' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const bot = (await created.json()) as { id: string };

  const statuses: number[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/documents')) {
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
    }
  });
  page.on('response', (response) => {
    if (response.request().method() === 'POST' && response.url().endsWith('/documents')) {
      inFlight--;
      statuses.push(response.status());
    }
  });

  await page.goto(`/dashboard/documents?botId=${bot.id}`);
  await expectDropZoneReady(page);
  await page.locator('input[type=file]').setInputFiles(
    Array.from({ length: 300 }, (_, index) => ({
      name: `faq-${String(index).padStart(3, '0')}.txt`,
      mimeType: 'text/plain',
      buffer: Buffer.from(`Question ${index}\n\nThe answer to question ${index} is ${index * 7}.`),
    })),
  );
  const queue = page.getByRole('list', { name: 'Processing queue' });
  await expect(queue.getByText('Waiting to upload').first()).toBeVisible();
  await page.screenshot({ path: `${shots}/bulk-upload-desktop.png` });

  // Every upload answered, none refused, never more than 4 at once.
  await expect.poll(() => statuses.length, { timeout: 300_000 }).toBe(300);
  expect(statuses.filter((status) => status !== 201)).toEqual([]);
  expect(mostInFlight).toBeLessThanOrEqual(4);
  await expect(page.getByTestId('count-processed')).toHaveText('300 processed', {
    timeout: 600_000,
  });
  await expect(page.getByTestId('count-processing')).toHaveText('0 processing');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${shots}/bulk-upload-phone.png` });
});

test('a customer drops a .zip of documents: each document in it is queued and processed, and a file that is not a document is named with its reason', async ({
  page,
}) => {
  const owner = await registerTestCustomer(page.request, { verified: true, name: 'Zip Zoe' });
  await signInWithApi(page.request, baseUrl(), owner.email, owner.password);
  const created = await page.request.post('/api/bots', {
    headers: { Origin: baseUrl() },
    data: { ...botDefaults, name: 'Zip help desk' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const bot = (await created.json()) as { id: string };

  const archive = buildZip([
    { name: 'handbook/returns.txt', data: Buffer.from('Returns are free within 30 days.') },
    { name: 'handbook/shipping.md', data: Buffer.from('# Shipping\n\nParcels leave in two days.') },
    { name: 'handbook/logo.png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]) },
  ]);
  await page.goto(`/dashboard/documents?botId=${bot.id}`);
  await expect(page.getByText('or a .zip of them: each document in it is added')).toBeVisible();
  await expectDropZoneReady(page);
  await page.locator('input[type=file]').setInputFiles({
    name: 'Handbook.zip',
    mimeType: 'application/zip',
    buffer: archive,
  });

  await expect(
    page.getByText('logo.png in Handbook.zip was not added: Not a PDF, DOC, DOCX, TXT or MD file.'),
  ).toBeVisible();
  const queue = page.getByRole('list', { name: 'Processing queue' });
  await expect(queue.getByRole('progressbar', { name: 'returns.txt progress' })).toBeVisible();
  await expect(queue.getByRole('progressbar', { name: 'shipping.md progress' })).toBeVisible();
  await expect(queue.getByText('Handbook.zip')).toHaveCount(0);
  await expect(page.getByTestId('count-processed')).toHaveText('2 processed', { timeout: 60_000 });
  await page.screenshot({ path: `${shots}/zip-upload-desktop.png` });
  // A phone opens the page afresh: the documents of the archive are listed one by one.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('count-processed')).toHaveText('2 processed');
  await page.screenshot({ path: `${shots}/zip-upload-phone.png`, fullPage: true });
});
