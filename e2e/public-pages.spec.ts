import { expect, newCustomer, registerCustomer, test } from './fixtures';

// The public pages the build pre-renders, each with a line of its own text that must be in the
// HTML before any script runs (what a crawler or a link preview reads).
const prerendered: { path: string; title: string; text: string }[] = [
  {
    path: '/',
    title: 'Askwell — AI chatbots that turn visitors into customers',
    text: 'Turn website visitors into customers, 24/7',
  },
  { path: '/features', title: 'Askwell — Features', text: 'Everything you need to automate' },
  { path: '/pricing', title: 'Askwell — Pricing', text: 'Simple pricing that grows with you' },
  { path: '/case-studies', title: 'Askwell — Case studies', text: 'Customer success stories' },
  {
    path: '/case-studies/healthcare',
    title: 'Askwell — Healthcare case study',
    text: 'Evergreen Health Partners',
  },
  {
    path: '/case-studies/ecommerce',
    title: 'Askwell — E-commerce case study',
    text: 'Maison Verde',
  },
  {
    path: '/case-studies/logistics',
    title: 'Askwell — Logistics case study',
    text: 'Swiftline Logistics',
  },
  {
    path: '/case-studies/banking',
    title: 'Askwell — Banking case study',
    text: 'Harbor Trust Bank',
  },
  { path: '/contact', title: 'Askwell — Contact sales', text: 'Talk to our sales team' },
  { path: '/about', title: 'Askwell — About', text: 'What Askwell does' },
  { path: '/docs', title: 'Askwell — Documentation', text: 'Getting started with Askwell' },
  { path: '/docs/api', title: 'Askwell — API reference', text: 'Send a message' },
  { path: '/privacy', title: 'Askwell — Privacy policy', text: "Deleting a visitor's data" },
  { path: '/terms', title: 'Askwell — Terms of service', text: 'Acceptable use' },
  { path: '/cookies', title: 'Askwell — Cookie policy', text: 'better-auth.session_token' },
];

test.describe('public pages without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, title, text } of prerendered) {
    test(`${path} arrives as HTML with its text, title, description, canonical URL and Open Graph tags`, async ({
      page,
      baseURL,
    }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator('main')).toContainText(text);
      await expect(page).toHaveTitle(title);
      const url = new URL(path, baseURL).toString();
      const head = page.locator('head');
      const description = await head.locator('meta[name="description"]').getAttribute('content');
      expect(description?.length ?? 0).toBeGreaterThan(40);
      await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', url);
      await expect(head.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
      await expect(head.locator('meta[property="og:description"]')).toHaveAttribute(
        'content',
        description!,
      );
      await expect(head.locator('meta[property="og:url"]')).toHaveAttribute('content', url);
      await expect(head.locator('meta[property="og:type"]')).toHaveAttribute('content', 'website');
      await expect(page.locator('footer')).toContainText('© 2025 Askwell. All rights reserved.');
    });
  }

  test('/pricing shows both plans and their prices', async ({ page }) => {
    await page.goto('/pricing');
    const plans = page.locator('main');
    for (const text of ['Free', '$0', 'Premium', '$49', '14-day free trial']) {
      await expect(plans).toContainText(text);
    }
  });

  test('each page describes itself differently', async ({ page }) => {
    const descriptions = new Set<string | null>();
    for (const { path } of prerendered) {
      await page.goto(path);
      descriptions.add(await page.locator('meta[name="description"]').getAttribute('content'));
    }
    // The four case studies share a template but not a description.
    expect(descriptions.size).toBe(prerendered.length);
  });
});

test('the pre-rendered home page becomes interactive: the phone menu opens', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.setViewportSize({ width: 390, height: 844 });
  // The page's code arrives late, as on a slow phone: a tap made while the page is still only HTML
  // must not be lost (the button waits, disabled, until it can open the menu).
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/public-[^/.]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  const openMenu = page.getByRole('button', { name: 'Open menu' });
  await expect(openMenu).toBeVisible();
  await expect(openMenu).toBeDisabled();
  const tapped = openMenu.click();
  release();
  await tapped;
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  // A hydration mismatch is reported as a console error; the page must hydrate cleanly.
  expect(errors).toEqual([]);
});

test('every link on the public pages leads to a page that exists, and every anchor to a section on it', async ({
  page,
  baseURL,
}, testInfo) => {
  test.slow();
  // Signed in, so links into the dashboard (from the docs) reach the page and its sections rather
  // than the sign-in form.
  await registerCustomer(page.request, newCustomer(testInfo, 'links'));
  const origin = new URL(baseURL!).origin;
  // path -> the anchors linked on it
  const targets = new Map<string, Set<string>>();
  const linkedFrom = new Map<string, string>();
  for (const { path } of prerendered) {
    await page.goto(path);
    await expect(page.locator('h1')).toBeVisible();
    const hrefs = await page
      .locator('a[href]')
      .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    for (const href of hrefs) {
      const url = new URL(href);
      if (url.origin !== origin) continue;
      const anchors = targets.get(url.pathname + url.search) ?? new Set<string>();
      if (url.hash) anchors.add(decodeURIComponent(url.hash.slice(1)));
      targets.set(url.pathname + url.search, anchors);
      if (!linkedFrom.has(url.pathname + url.search))
        linkedFrom.set(url.pathname + url.search, path);
    }
  }
  expect(targets.size).toBeGreaterThan(prerendered.length);

  for (const [target, anchors] of targets) {
    const from = linkedFrom.get(target);
    const response = await page.goto(target);
    expect(response?.status(), `${target} (linked from ${from})`).toBeLessThan(400);
    // A linked document that is not a page (the OpenAPI JSON) only has to exist.
    if (!response?.headers()['content-type']?.startsWith('text/html')) continue;
    await expect(page.locator('h1').first(), `${target} (linked from ${from})`).toBeVisible();
    await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
    for (const anchor of anchors) {
      await expect(
        page.locator(`[id="${anchor}"]`),
        `#${anchor} on ${target} (linked from ${from})`,
      ).toHaveCount(1);
    }
  }
});
