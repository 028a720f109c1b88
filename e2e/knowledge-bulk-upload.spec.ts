import type { Page, Request } from '@playwright/test';
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

// A verified customer, signed in on this page, with one chatbot.
async function customerWithBot(page: Page, name: string, botName: string) {
  const owner = await registerTestCustomer(page.request, { verified: true, name });
  await signInWithApi(page.request, baseUrl(), owner.email, owner.password);
  const created = await page.request.post('/api/bots', {
    headers: { Origin: baseUrl() },
    data: { ...botDefaults, name: botName },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { id: string };
}

// Every answer of the upload route: its status and the outcome of each file it carried (one for
// a request of a single file), and the most requests that were in flight at once.
function watchUploads(page: Page) {
  const answers: Array<Promise<{ status: number; errors: Array<string | null> }>> = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const isUpload = (request: Request) =>
    request.method() === 'POST' && request.url().endsWith('/documents');
  page.on('request', (request) => {
    if (!isUpload(request)) return;
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
  });
  page.on('response', (response) => {
    if (!isUpload(response.request())) return;
    inFlight--;
    answers.push(
      response.json().then((body: { files?: Array<{ error: string | null }> }) => ({
        status: response.status(),
        errors: body.files ? body.files.map((file) => file.error) : [null],
      })),
    );
  });
  return {
    answers: () => Promise.all(answers),
    filesPerRequest: async () =>
      (await Promise.all(answers)).map((answer) => answer.errors.length).sort((a, b) => a - b),
    mostInFlight: () => mostInFlight,
  };
}

// Holds the page's uploads until the returned function is called, so the queue can be seen
// before they leave (unheld, small files are all sent within a second).
async function holdUploads(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/documents', async (route) => {
    await held;
    // A request the page cancelled meanwhile (a removed file) cannot be continued.
    await route.continue().catch(() => undefined);
  });
  return release;
}

test('a customer drops 300 small files on the Documents page and every one is uploaded and processed, with no request refused', async ({
  page,
}) => {
  // 300 documents go through the real job queue: minutes on a busy machine (7.5 min for 298 at a
  // load average of 30 on 2 cores).
  test.setTimeout(900_000);
  const bot = await customerWithBot(page, 'Bulk Bea', 'Bulk help desk');
  const uploads = watchUploads(page);
  const release = await holdUploads(page);
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
  // 300 small files leave at once, as 4 requests of 75.
  await expect(queue.getByText('Uploading 0%')).toHaveCount(300);
  await page.screenshot({ path: `${shots}/bulk-upload-desktop.png` });
  release();

  // Every file answered and added, no request refused, never more than 4 at once: small files
  // travel together, so the 300 take a handful of requests.
  const filesAnswered = async () =>
    (await uploads.filesPerRequest()).reduce((sum, files) => sum + files, 0);
  await expect.poll(filesAnswered, { timeout: 300_000 }).toBe(300);
  const settled = await uploads.answers();
  expect(settled.filter((answer) => answer.status !== 200 && answer.status !== 201)).toEqual([]);
  expect(settled.flatMap((answer) => answer.errors).filter((error) => error !== null)).toEqual([]);
  expect(settled.length).toBe(4);
  expect(uploads.mostInFlight()).toBeLessThanOrEqual(4);
  await expect(page.getByTestId('count-processed')).toHaveText('300 processed', {
    timeout: 600_000,
  });
  await expect(page.getByTestId('count-processing')).toHaveText('0 processing');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${shots}/bulk-upload-phone.png`, animations: 'disabled' });
});

test('a customer drops five large files and eight small ones, one of them not really text: the large go one a request, the small together, and only that one fails, with its reason', async ({
  page,
}) => {
  const bot = await customerWithBot(page, 'Mixed Max', 'Mixed help desk');
  const uploads = watchUploads(page);
  const release = await holdUploads(page);
  await page.goto(`/dashboard/documents?botId=${bot.id}`);
  await expectDropZoneReady(page);
  const topics = [
    'returns',
    'scan',
    'shipping',
    'warranty',
    'sizes',
    'gifts',
    'payments',
    'stores',
  ];
  // Over 1 MB each: sent one a request, with their own progress.
  const manuals = Array.from({ length: 5 }, (_, index) => ({
    name: `manual-${index + 1}.txt`,
    mimeType: 'text/plain',
    buffer: Buffer.from(
      `Manual ${index + 1}, chapter on care: wipe the frame with a dry cloth. `.repeat(18_000),
    ),
  }));
  await page.locator('input[type=file]').setInputFiles([
    ...manuals,
    ...topics.map((topic) => ({
      name: `${topic}.txt`,
      mimeType: 'text/plain',
      // A scanned image saved as .txt: the page cannot tell, the server reads its content.
      buffer:
        topic === 'scan'
          ? Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')
          : Buffer.from(`Our ${topic} policy: ask in any store, we answer within a day.`),
    })),
  ]);
  const queue = page.getByRole('list', { name: 'Processing queue' });
  // Four requests at once: the fifth manual and the small files wait their turn.
  await expect(queue.getByText('Uploading 0%')).toHaveCount(4);
  await expect(queue.getByText('Waiting to upload')).toHaveCount(9);
  await page.screenshot({ path: `${shots}/mixed-upload-waiting.png`, fullPage: true });
  release();
  const scan = queue.getByTestId('queue-item').filter({ hasText: 'scan.txt' });
  await expect(scan).toContainText(
    'This file type is not supported. Upload PDF, DOC, DOCX, TXT or MD files.',
  );
  await expect(scan.getByTestId('queue-status')).toHaveText('Failed');
  await expect(page.getByTestId('count-processed')).toHaveText('12 processed', {
    timeout: 120_000,
  });
  // The manuals one a request; the small files, once a request was free, all in it.
  expect(await uploads.filesPerRequest()).toEqual([1, 1, 1, 1, 1, 8]);
  await page.screenshot({ path: `${shots}/mixed-upload-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  // The sidebar slides away as the page narrows: the shot is taken once it has.
  await page.screenshot({
    path: `${shots}/mixed-upload-phone.png`,
    fullPage: true,
    animations: 'disabled',
  });
});

test('a customer removes one file of a request still in flight: that file is not added, and the others of its request are sent again and processed', async ({
  page,
}) => {
  const bot = await customerWithBot(page, 'Remove Rui', 'Remove help desk');
  const uploads = watchUploads(page);
  const release = await holdUploads(page);

  await page.goto(`/dashboard/documents?botId=${bot.id}`);
  await expectDropZoneReady(page);
  const topics = [
    'returns',
    'draft',
    'shipping',
    'warranty',
    'sizes',
    'gifts',
    'payments',
    'stores',
  ];
  await page.locator('input[type=file]').setInputFiles(
    topics.map((topic) => ({
      name: `${topic}.txt`,
      mimeType: 'text/plain',
      buffer: Buffer.from(`Our ${topic} policy: ask in any store, we answer within a day.`),
    })),
  );
  const queue = page.getByRole('list', { name: 'Processing queue' });
  // Four requests of two, in flight: draft.txt travels with returns.txt.
  await expect(queue.getByText('Uploading 0%')).toHaveCount(8);
  await queue.getByRole('button', { name: 'Remove draft.txt' }).click();
  await expect(queue.getByTestId('queue-item').filter({ hasText: 'draft.txt' })).toHaveCount(0);
  release();

  await expect(page.getByTestId('count-processed')).toHaveText('7 processed', { timeout: 60_000 });
  expect(await uploads.filesPerRequest()).toEqual([1, 2, 2, 2]);
  const sources = await page.request.get(`/api/sources?botId=${bot.id}`);
  const names = ((await sources.json()) as Array<{ name: string }>).map((source) => source.name);
  expect(names.sort()).toEqual(
    topics
      .filter((topic) => topic !== 'draft')
      .map((topic) => `${topic}.txt`)
      .sort(),
  );
});

test('a customer drops a .zip of documents: each document in it is queued and processed, and a file that is not a document is named with its reason', async ({
  page,
}) => {
  const bot = await customerWithBot(page, 'Zip Zoe', 'Zip help desk');

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
