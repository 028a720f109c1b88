import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Bot } from '@askwell/shared';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
  expect,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  registerTestCustomer,
  test,
} from './fixtures';

const shots = 'test-results/screens/widget';

// Everything a visitor could smuggle in: markup in the bot's name and welcome message, in a
// document the bot quotes, and in their own messages. None of it may run or render as HTML.
const xss = {
  name: 'Harbour <img src=x onerror="window.__xss=1"> Shop',
  welcome: 'Welcome! <script>window.__xss=2</script> Ask me anything.',
  document:
    'Opening hours\n\nThe Harbour Street shop is open from 9 am to 6 pm, Monday to Saturday. <img src=x onerror="window.__xss=3"> Sundays closed.',
  visitor: '<img src=x onerror="window.__xss=4">What about parking?',
};

type HostSite = { origin: string; close: () => Promise<void> };

// A customer's website: another origin (its own loopback port) with nothing but the snippet.
async function startHostSite(baseURL: string, botId: string): Promise<HostSite> {
  const snippet = (theme = 'light') =>
    `<script src="${baseURL}/widget.js" data-bot-id="${botId}" data-position="bottom-right" data-theme="${theme}" async></script>`;
  const page = (title: string, body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head><body style="margin:0;font-family:Georgia,serif;background:#fffbeb"><main style="padding:32px;max-width:720px"><h1>${title}</h1><p>Fresh bread, cakes and coffee since 1987. Visit us on Harbour Street.</p></main>${body}</body></html>`;
  const hostile = `<style>
    * { all: unset !important; font-size: 40px !important; color: red !important; background: lime !important; display: block !important; position: static !important; }
    button { width: 400px !important; height: 10px !important; border: 9px solid red !important; }
    askwell-widget { display: none !important; opacity: 0 !important; transform: scale(3) !important; }
    div, p, form, textarea { padding: 50px !important; }
  </style>`;
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://host').pathname;
    const html =
      path === '/hostile'
        ? page('Hostile bakery', hostile + snippet())
        : path === '/dark'
          ? page('Bakery at night', snippet('dark'))
          : path === '/menu'
            ? page('Our menu', snippet())
            : page('Harbour Bakery', snippet());
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function watchForScripts(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __askwellEvents: string[] }).__askwellEvents = seen;
    for (const name of ['open', 'close', 'message', 'lead']) {
      window.addEventListener(`askwell:${name}`, () => seen.push(name));
    }
  });
  return dialogs;
}

async function expectNoInjectedScript(page: Page, dialogs: string[]) {
  expect(dialogs).toEqual([]);
  expect(
    await page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
  ).toBeUndefined();
}

const events = (page: Page) =>
  page.evaluate(() => (window as unknown as { __askwellEvents: string[] }).__askwellEvents);

async function newPhonePage(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  return context.newPage();
}

test.describe.configure({ mode: 'serial' });

test.describe('the website widget', () => {
  let bot: Bot;
  let site: HostSite;
  let refusedSite: HostSite;
  let ownerState: Awaited<ReturnType<BrowserContext['storageState']>>;

  test.beforeAll(async ({ browser }) => {
    // Indexing the document runs through the real job queue, which is slow on a busy machine.
    test.setTimeout(90_000);
    const baseURL = process.env.E2E_BASE_URL!;
    const page = await browser.newPage({ baseURL });
    await registerTestCustomer(page.request, { verified: true, name: 'Olivia Owner' });
    const origin = { Origin: baseURL };
    const created = await page.request.post('/api/bots', {
      headers: origin,
      data: {
        name: xss.name,
        description: '',
        tone: 'friendly',
        goal: 'lead_generation',
        instructions: '',
        starterQuestions: ['When are you open?', 'Do you deliver?'],
        fallbackMessage: "I'm sorry, I don't know that yet. Leave your email and we will reply.",
        widgetConfig: {
          primaryColor: '#0F766E',
          buttonColor: '#0F766E',
          textColor: '#1F2937',
          fontFamily: 'Inter, sans-serif',
          welcomeMessage: xss.welcome,
          placeholderText: 'Ask about our bakery...',
        },
        allowedDomains: ['127.0.0.1'],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    bot = (await created.json()) as Bot;
    const upload = await page.request.post(`/api/bots/${bot.id}/documents`, {
      headers: origin,
      multipart: {
        file: {
          name: 'opening-hours.txt',
          mimeType: 'text/plain',
          buffer: Buffer.from(xss.document),
        },
      },
    });
    expect(upload.status(), await upload.text()).toBeLessThan(300);
    await expect
      .poll(
        async () => {
          const response = await page.request.get(`/api/sources?botId=${bot.id}`);
          return ((await response.json()) as Array<{ status: string }>).map((s) => s.status).join();
        },
        { timeout: 75_000 },
      )
      .toBe('completed');
    site = await startHostSite(baseURL, bot.id);
    refusedSite = await startHostSite(baseURL, bot.id);
    // Only the first site's port is allowed; the second is another origin on the same host.
    const port = new URL(site.origin).port;
    const restricted = await page.request.put(`/api/bots/${bot.id}`, {
      headers: origin,
      data: { ...bot, allowedDomains: [`127.0.0.1:${port}`] },
    });
    expect(restricted.status(), await restricted.text()).toBe(200);
    ownerState = await page.context().storageState();
    await page.close();
  });

  test.afterAll(async () => {
    await site?.close();
    await refusedSite?.close();
  });

  test('a visitor chats on the customer’s site, gets a streamed answer with sources, leaves their details, and the conversation survives reloads until reset', async ({
    page,
  }) => {
    const dialogs = await watchForScripts(page);
    // The loader's main-thread cost is a speed figure, measured by `npm run bench -- widget-load`;
    // what a visitor sees (the host page does not move) is checked here.
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { __shifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(site.origin);
    const launcher = page.getByRole('button', { name: 'Open chat' });
    await expect(launcher).toBeVisible();
    await page.screenshot({ path: `${shots}/closed.png` });
    expect(
      await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts),
    ).toEqual([]);

    // Nothing but the launcher is loaded until the visitor opens the chat.
    const panelChunk = page.waitForResponse((response) =>
      response.url().includes('/widget-assets/'),
    );
    await launcher.click();
    const chunk = await panelChunk;
    expect(chunk.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(chunk.url()).toMatch(/\/widget-assets\/panel-[0-9a-f]{10}\.js$/);
    const panel = page.getByRole('dialog', { name: xss.name });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('heading', { name: xss.name })).toHaveText(xss.name);
    const log = panel.getByRole('log');
    await expect(log.getByText(xss.welcome)).toBeVisible();
    await expect(panel.getByRole('textbox', { name: 'Your message' })).toBeFocused();
    await expect(panel.getByRole('textbox', { name: 'Your message' })).toHaveAttribute(
      'placeholder',
      'Ask about our bakery...',
    );
    await expect(panel.getByRole('button', { name: 'When are you open?' })).toBeVisible();
    await page.screenshot({ path: `${shots}/open.png` });

    const streamed = page.waitForResponse((response) => response.url().endsWith('/messages'));
    await panel.getByRole('button', { name: 'When are you open?' }).click();
    const response = await streamed;
    expect(response.headers()['content-type']).toContain('text/event-stream');
    const answer = log.locator('.msg.bot').last();
    await expect(answer).toContainText('9 am to 6 pm');
    await expect(answer.getByRole('listitem').first()).toHaveText('opening-hours.txt');
    await expect(answer.getByText('Sources')).toBeVisible();
    await expect(answer).toContainText('<img src=x onerror="window.__xss=3">');
    await page.screenshot({ path: `${shots}/answer-with-sources.png` });

    await answer.getByRole('button', { name: 'Helpful', exact: true }).click();
    await expect(answer.getByRole('button', { name: 'Helpful', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await answer.getByRole('textbox', { name: 'What could be better? (optional)' }).fill('Great');
    await answer.getByRole('button', { name: 'Send feedback' }).click();
    await expect(answer.getByText('Thanks for your feedback!')).toBeVisible();

    const message = panel.getByRole('textbox', { name: 'Your message' });
    await message.fill(xss.visitor);
    await message.press('Enter');
    await expect(log.locator('.msg.me').last()).toHaveText(xss.visitor);
    await expect(log.locator('.msg.bot')).toHaveCount(3);
    // Feedback buttons appear once the answer is complete.
    await expect(
      log.locator('.msg.bot').last().getByRole('button', { name: 'Helpful', exact: true }),
    ).toBeVisible();

    await message.fill('Can someone contact me about a wedding cake?');
    await message.press('Enter');
    const form = panel.getByRole('form', { name: 'Leave your details' });
    await expect(form).toBeVisible();
    await form.getByRole('button', { name: 'Send details' }).click();
    await expect(form.getByText('Please enter your name.')).toBeVisible();
    await expect(form.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(form.getByText('Please agree to be contacted.')).toBeVisible();
    await form.getByLabel('Name').fill('Wendy Wedding');
    await form.getByLabel('Email').fill('wendy@example.com');
    await form.getByLabel('Phone (optional)').fill('+44 20 7946 0001');
    await page.screenshot({ path: `${shots}/lead-form.png` });
    await form.getByLabel('I agree to be contacted about my request.').check();
    await form.getByRole('button', { name: 'Send details' }).click();
    await expect(panel.getByText('Thank you! We will be in touch soon.')).toBeVisible();
    expect(await events(page)).toEqual(expect.arrayContaining(['open', 'message', 'lead']));

    await page.reload();
    const reopened = page.getByRole('dialog', { name: xss.name });
    await expect(reopened.getByRole('log')).toContainText('9 am to 6 pm');
    await expect(reopened.getByRole('log')).toContainText(xss.visitor);

    await page.goto(`${site.origin}/menu`);
    await page.evaluate(() =>
      (window as unknown as { Askwell: { open: () => void } }).Askwell.open(),
    );
    await expect(page.getByRole('dialog', { name: xss.name }).getByRole('log')).toContainText(
      'wedding cake',
    );
    await page.evaluate(() =>
      (window as unknown as { Askwell: { close: () => void } }).Askwell.close(),
    );
    await expect(page.getByRole('dialog', { name: xss.name })).toBeHidden();
    expect(await events(page)).toEqual(expect.arrayContaining(['open', 'close']));

    await page.evaluate(() =>
      (window as unknown as { Askwell: { toggle: () => void } }).Askwell.toggle(),
    );
    const again = page.getByRole('dialog', { name: xss.name });
    await again.getByRole('button', { name: 'New conversation' }).click();
    await expect(again.getByRole('log')).not.toContainText('wedding cake');
    await expect(again.getByRole('log')).toContainText(xss.welcome);
    await page.reload();
    await expect(page.getByRole('dialog', { name: xss.name }).getByRole('log')).toContainText(
      xss.welcome,
    );
    await expect(page.getByRole('dialog', { name: xss.name }).getByRole('log')).not.toContainText(
      'wedding cake',
    );
    await expectNoInjectedScript(page, dialogs);
  });

  test('the widget is usable with the keyboard alone and has no serious accessibility problems', async ({
    page,
  }) => {
    await page.goto(site.origin);
    const launcher = page.getByRole('button', { name: 'Open chat' });
    await launcher.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: xss.name });
    await expect(panel.getByRole('textbox', { name: 'Your message' })).toBeFocused();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('ASKWELL-WIDGET');
    }
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(launcher).toBeFocused();
    await expect(launcher).toHaveAttribute('aria-expanded', 'false');
  });

  test('a hostile host stylesheet changes nothing in the widget', async ({ page }) => {
    const measure = async () => {
      const launcher = page.getByRole('button', { name: /Open chat|Close chat/ });
      const box = await launcher.boundingBox();
      const colour = await launcher.evaluate((node) => getComputedStyle(node).backgroundColor);
      return { box, colour };
    };
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(site.origin);
    await expect(page.getByRole('button', { name: 'Open chat' })).toBeVisible();
    await expect.poll(async () => (await measure()).colour).toBe('rgb(15, 118, 110)');
    const clean = await measure();
    await page.getByRole('button', { name: 'Open chat' }).click();
    // The panel eases in; compare it at rest.
    await expect.poll(async () => (await page.getByRole('dialog').boundingBox())?.width).toBe(380);
    const cleanPanel = await page.getByRole('dialog').boundingBox();
    await page.evaluate(() =>
      (window as unknown as { Askwell: { close: () => void } }).Askwell.close(),
    );

    await page.goto(`${site.origin}/hostile`);
    await expect(page.getByRole('button', { name: 'Open chat' })).toBeVisible();
    await expect.poll(async () => (await measure()).colour).toBe('rgb(15, 118, 110)');
    expect(await measure()).toEqual(clean);
    await page.getByRole('button', { name: 'Open chat' }).click();
    const panel = page.getByRole('dialog');
    await expect(panel).toBeVisible();
    await expect.poll(async () => (await panel.boundingBox())?.width).toBe(380);
    expect(await panel.boundingBox()).toEqual(cleanPanel);
    const heading = panel.getByRole('heading', { name: xss.name });
    expect(await heading.evaluate((node) => getComputedStyle(node).fontSize)).toBe('15px');
    await page.screenshot({ path: `${shots}/hostile-host.png` });
  });

  test('a page on an origin the bot does not allow shows a calm refusal and the API answers 403', async ({
    page,
    request,
  }) => {
    const refused = page.waitForResponse((response) => response.url().includes('/config'));
    await page.goto(refusedSite.origin);
    expect((await refused).status()).toBe(403);
    await page.getByRole('button', { name: 'Open chat' }).click();
    await expect(
      page.getByRole('dialog').getByText('Chat is not available on this site.'),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Your message' })).toHaveCount(0);
    await page.screenshot({ path: `${shots}/refused.png` });

    const api = await request.get(`${process.env.E2E_BASE_URL}/v1/widget/bots/${bot.id}/config`, {
      headers: { Origin: refusedSite.origin },
    });
    expect(api.status()).toBe(403);
    expect((await api.json()).error.code).toBe('origin_not_allowed');
  });

  test('on a phone the panel fills the screen; the dark theme applies', async ({ browser }) => {
    const phone = await newPhonePage(browser);
    await phone.goto(site.origin);
    await phone.getByRole('button', { name: 'Open chat' }).click();
    const panel = phone.getByRole('dialog', { name: xss.name });
    await expect(panel.getByRole('log')).toContainText(xss.welcome);
    // The panel grows into place when it opens; measure it once it has settled.
    await expect.poll(() => panel.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    await phone.screenshot({ path: `${shots}/phone-390.png` });
    await panel.getByRole('button', { name: 'Do you deliver?' }).click();
    await expect(panel.getByRole('log').locator('.msg.bot')).toHaveCount(2);
    await expect(panel.getByRole('button', { name: 'Helpful', exact: true })).toBeVisible();
    await phone.screenshot({ path: `${shots}/phone-390-answer.png` });
    await phone.context().close();

    const dark = await browser.newPage();
    await dark.goto(`${site.origin}/dark`);
    await dark.getByRole('button', { name: 'Open chat' }).click();
    const darkPanel = dark.getByRole('dialog', { name: xss.name });
    await expect(darkPanel.getByRole('log')).toContainText(xss.welcome);
    expect(await darkPanel.evaluate((node) => getComputedStyle(node).backgroundColor)).toBe(
      'rgb(15, 23, 42)',
    );
    await dark.screenshot({ path: `${shots}/dark.png` });
    await dark.close();
  });

  test('the owner copies the embed code, previews the real widget, reads the guides and allows a refused site from the editor', async ({
    browser,
  }) => {
    // Several dashboard pages, a framed widget and two accessibility scans.
    test.setTimeout(90_000);
    const baseURL = process.env.E2E_BASE_URL!;
    const context = await browser.newContext({ baseURL, storageState: ownerState });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    const dialogs = await watchForScripts(page);
    await page.goto('/dashboard/integration');
    await expect(page.getByRole('tab', { name: 'Website Integration' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByLabel('Chatbot', { exact: true })).toHaveValue(bot.id);
    const snippet = page.getByTestId('embed-snippet');
    await expect(snippet).toHaveText(
      `<script src="${baseURL}/widget.js" data-bot-id="${bot.id}" data-position="bottom-right" data-theme="light" async></script>`,
    );
    await page.getByLabel('Position').selectOption('bottom-left');
    await page.getByLabel('Theme').selectOption('dark');
    await expect(snippet).toContainText('data-position="bottom-left" data-theme="dark"');
    const embed = page.getByRole('region', { name: 'Embed code' });
    await embed.getByRole('button', { name: 'Copy HTML example' }).click();
    await expect(embed.getByRole('button', { name: 'Copied!' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(bot.id);
    await expect(embed.getByRole('button', { name: 'Copy HTML example' })).toBeVisible({
      timeout: 4000,
    });
    const status = page.getByTestId('domain-status');
    await expect(status).toContainText(`Answers on 127.0.0.1:${new URL(site.origin).port}`);
    // The Integration page warns as the editor does: same words, same date format, same button.
    const refusedHost = new URL(refusedSite.origin).host;
    const integrationWarning = status.getByTestId('refused-origin-warning');
    await expect(integrationWarning).toContainText(
      `The widget was refused on ${refusedSite.origin} on `,
    );
    await expect(
      integrationWarning.getByRole('button', { name: `Allow ${refusedHost}` }),
    ).toBeVisible();
    const refusedAt = (await integrationWarning.locator('time').textContent()) ?? '';
    expect(refusedAt, 'a date and time without seconds').toMatch(/\d{1,2}:\d{2}(?!:\d)/);
    for (const option of ['botId', 'position', 'theme']) {
      await expect(
        page.getByRole('region', { name: 'Options' }).getByText(option, { exact: true }),
      ).toBeVisible();
    }

    const preview = page.frameLocator(`iframe[title^="Live preview of"]`);
    await expect(preview.getByRole('dialog', { name: xss.name })).toBeVisible();
    await expect(preview.getByRole('log')).toContainText(xss.welcome);
    await expect(preview.getByText('Powered by Askwell')).toBeVisible();
    await page.screenshot({ path: `${shots}/integration-desktop.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: /WordPress guide/ }).click();
    await expect(page.getByRole('heading', { name: 'Add the chatbot to WordPress' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Steps for WordPress' })).toContainText(
      'Code Snippets → Header & Footer',
    );
    await expect(
      page.getByTestId('embed-snippet').or(page.getByText(bot.id).first()),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Back to Website Integration' }).click();
    await page.getByRole('link', { name: /Shopify guide/ }).click();
    await expect(page.getByRole('list', { name: 'Steps for Shopify' })).toContainText(
      'theme.liquid',
    );
    await page.goBack();
    await expect(page.getByTestId('embed-snippet')).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `${shots}/integration-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.goto(`/dashboard/bots/${bot.id}`);
    await page.getByRole('tab', { name: 'Widget Appearance' }).click();
    // The editor lists each refused site with how often and when it was first and last refused.
    const warning = page.getByTestId('refused-origins');
    const refusedRow = warning.getByRole('listitem').filter({ hasText: refusedSite.origin });
    await expect(refusedRow).toContainText(/Refused (once|\d+ times) · first .+ · last /);
    await expect(refusedRow.locator('time')).toHaveCount(2);
    await warning.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/editor-refused-origins.png` });
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await warning.screenshot({ path: `${shots}/editor-refused-origins-phone.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
    const domains = page.getByLabel('Allowed domains');
    await domains.fill(`127.0.0.1:${new URL(site.origin).port}\nnot a domain`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(/not a domain: Enter a domain such as example.com/)).toBeVisible();
    await domains.fill(`127.0.0.1:${new URL(site.origin).port}`);
    await refusedRow.getByRole('button', { name: `Allow ${refusedHost}` }).click();
    await expect(domains).toHaveValue(`127.0.0.1:${new URL(site.origin).port}\n${refusedHost}`);
    await expect(page.getByRole('switch', { name: 'Chatbot enabled' })).toBeChecked();
    await expect(
      page.getByRole('switch', { name: 'Ask visitors for their contact details' }),
    ).toBeChecked();
    await page.getByLabel('Also offer the form after this many visitor messages').fill('3');
    // The trial includes Premium's branding removal.
    await page.getByRole('switch', { name: 'Hide “Powered by Askwell”' }).check();
    await page.screenshot({ path: `${shots}/editor-publishing.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page);
    const saving = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/bots/${bot.id}`) && response.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await saving).status()).toBe(200);
    await expect(warning).toBeHidden();
    const saved = (await (await page.request.get(`/api/bots/${bot.id}`)).json()) as Bot;
    expect(saved.allowedDomains).toEqual([`127.0.0.1:${new URL(site.origin).port}`, refusedHost]);
    expect(saved.leadAfterMessages).toBe(3);
    expect(saved.hideBranding).toBe(true);

    await page.goto('/dashboard/leads');
    await expect(page.getByText('wendy@example.com').filter({ visible: true })).toBeVisible();
    await expect(
      page.getByText('Wendy Wedding', { exact: true }).filter({ visible: true }),
    ).toBeVisible();

    const visitor = await browser.newPage();
    await visitor.goto(refusedSite.origin);
    await visitor.getByRole('button', { name: 'Open chat' }).click();
    await expect(visitor.getByRole('dialog', { name: xss.name }).getByRole('log')).toContainText(
      xss.welcome,
    );
    await expect(visitor.getByText('Powered by Askwell')).toBeHidden();
    await visitor.close();
    await expectNoInjectedScript(page, dialogs);
    await context.close();
  });

  test('a question sent while the chat is still loading is neither lost nor wiped', async ({
    browser,
  }) => {
    // A slow server (a loaded CI machine, a phone on a bad network): the conversation so far, read
    // before the visitor wrote, arrives only after they have typed and pressed Enter.
    const context = await browser.newContext();
    const page = await context.newPage();
    let releaseLoading!: () => void;
    const loading = new Promise<void>((resolve) => (releaseLoading = resolve));
    await page.route(/\/conversation$/, async (route) => {
      const response = await route.fetch();
      await loading;
      await route.fulfill({ response });
    });
    await page.goto(site.origin);
    await page.getByRole('button', { name: 'Open chat' }).click();
    const panel = page.getByRole('dialog');
    const message = panel.getByRole('textbox', { name: 'Your message' });
    await message.fill('When are you open?');
    await message.press('Enter');
    releaseLoading();
    const log = panel.getByRole('log');
    await expect(log.locator('.msg.me')).toHaveText(['When are you open?']);
    await expect(log.locator('.msg.bot').last()).toContainText('9 am to 6 pm');
    await expect(message).toHaveValue('');
    await context.close();
  });

  test('a visitor whose browser speaks German gets the widget in German', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto(site.origin);
    await page.getByRole('button', { name: 'Chat öffnen' }).click();
    const panel = page.getByRole('dialog', { name: xss.name });
    await expect(panel.getByRole('button', { name: 'Neues Gespräch' })).toBeVisible();
    await expect(panel.getByRole('textbox', { name: 'Ihre Nachricht' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Kontakt' })).toBeVisible();
    await context.close();
  });

  test('when the owner switches the chatbot off, visitors are told calmly that chat is not available', async ({
    browser,
  }) => {
    const baseURL = process.env.E2E_BASE_URL!;
    const owner = await browser.newContext({ baseURL, storageState: ownerState });
    const page = await owner.newPage();
    await page.goto(`/dashboard/bots/${bot.id}`);
    await page.getByRole('tab', { name: 'Widget Appearance' }).click();
    await page.getByRole('switch', { name: 'Chatbot enabled' }).uncheck();
    const saving = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/bots/${bot.id}`) && response.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await saving).status()).toBe(200);
    await page.goto('/dashboard/integration');
    await expect(page.getByTestId('domain-status')).toContainText('is disabled');
    await owner.close();

    const visitor = await browser.newPage();
    await visitor.goto(site.origin);
    await visitor.getByRole('button', { name: 'Open chat' }).click();
    await expect(visitor.getByText('Chat is not available right now.')).toBeVisible();
    await expect(visitor.getByRole('textbox', { name: 'Your message' })).toHaveCount(0);
    await visitor.close();
  });
});
