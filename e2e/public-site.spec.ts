import type { Locator, Page } from '@playwright/test';
import { expect, expectNoHorizontalScroll, expectNoSeriousA11yViolations, test } from './fixtures';

type PublicPage = { path: string; title: string; heading: RegExp };

const publicPages: PublicPage[] = [
  {
    path: '/',
    title: 'Askwell — AI chatbots that turn visitors into customers',
    heading: /Turn website visitors into customers, 24\/7/,
  },
  {
    path: '/features',
    title: 'Askwell — Features',
    heading: /Everything you need to automate support and grow sales/,
  },
  { path: '/pricing', title: 'Askwell — Pricing', heading: /Simple pricing that grows with you/ },
  { path: '/contact', title: 'Askwell — Contact sales', heading: /Talk to our sales team/ },
  { path: '/case-studies', title: 'Askwell — Case studies', heading: /Customer success stories/ },
  {
    path: '/case-studies/healthcare',
    title: 'Askwell — Healthcare case study',
    heading: /Evergreen Health Partners/,
  },
  {
    path: '/case-studies/ecommerce',
    title: 'Askwell — E-commerce case study',
    heading: /Maison Verde/,
  },
  {
    path: '/case-studies/logistics',
    title: 'Askwell — Logistics case study',
    heading: /Swiftline Logistics/,
  },
  {
    path: '/case-studies/banking',
    title: 'Askwell — Banking case study',
    heading: /Harbor Trust Bank/,
  },
  { path: '/admin/unauthorized', title: 'Askwell — Access denied', heading: /Access denied/ },
  {
    path: '/about',
    title: 'Askwell — About',
    heading: /Answers from your own content, around the clock/,
  },
  { path: '/docs', title: 'Askwell — Documentation', heading: /Getting started with Askwell/ },
  { path: '/privacy', title: 'Askwell — Privacy policy', heading: /Privacy policy/ },
  { path: '/terms', title: 'Askwell — Terms of service', heading: /Terms of service/ },
  { path: '/cookies', title: 'Askwell — Cookie policy', heading: /Cookie policy/ },
];

// Built by a later issue; until then each must still be a real page, never the error screen.
const accountPages = ['/login', '/register', '/admin/login', '/dashboard'];

const caseStudyFigures: Record<string, { industry: string; metrics: [string, string][] }> = {
  healthcare: {
    industry: 'Healthcare',
    metrics: [
      ['Response time', '-85%'],
      ['Patient satisfaction', '+92%'],
      ['Engagement', '+150%'],
      ['Savings', '$500K'],
    ],
  },
  ecommerce: {
    industry: 'E-commerce',
    metrics: [
      ['Sales', '+45%'],
      ['Cart abandonment', '-35%'],
      ['Satisfaction', '95%'],
      ['Support time', '-60%'],
    ],
  },
  logistics: {
    industry: 'Logistics',
    metrics: [
      ['Efficiency', '+40%'],
      ['Accuracy', '99.8%'],
      ['Cost', '-25%'],
      ['Query resolution', '-70%'],
    ],
  },
  banking: {
    industry: 'Banking',
    metrics: [
      ['Satisfaction', '+88%'],
      ['Response time', '-75%'],
      ['Digital transactions', '+120%'],
      ['Fraud prevention', '99.9%'],
    ],
  },
};

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const footer = (page: Page) => page.getByRole('contentinfo');

// An anchor link has done its job when its section sits just under the sticky header.
async function expectScrolledTo(page: Page, id: string) {
  await expect
    .poll(
      () =>
        page.evaluate(
          (target) => document.getElementById(target)?.getBoundingClientRect().top ?? -1,
          id,
        ),
      { message: `#${id} should be scrolled to the top of the window` },
    )
    .toBeGreaterThanOrEqual(0);
  await expect
    .poll(() =>
      page.evaluate(
        (target) => document.getElementById(target)?.getBoundingClientRect().top ?? 9999,
        id,
      ),
    )
    .toBeLessThan(140);
}

// A metric tile shows its value and its label; both must belong to the same tile.
function metricTile(scope: Page | Locator, label: string, value: string) {
  return scope
    .getByTestId('metric-tile')
    .filter({ has: scope.getByText(label, { exact: true }) })
    .filter({ has: scope.getByText(value, { exact: true }) });
}

test.describe('every public page', () => {
  for (const { path, title, heading } of publicPages) {
    test(`${path} has its title, one h1, landmarks, a skip link, no serious a11y violations and fits a phone`, async ({
      page,
    }) => {
      // Two full axe scans of a long page take a while on a 2-core machine.
      test.slow();
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page.getByRole('navigation').first()).toBeVisible();
      await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);

      await page.keyboard.press('Tab');
      const skipLink = page.getByRole('link', { name: 'Skip to main content' });
      await expect(skipLink).toBeFocused();
      await expect(skipLink).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('main')).toBeFocused();

      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expectNoHorizontalScroll(page);
      await expectNoSeriousA11yViolations(page);
    });
  }

  for (const path of accountPages) {
    test(`${path} opens a page of its own instead of the error screen`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
      await expect(page).toHaveTitle(/^Askwell — /);
      await expect(page.getByRole('main')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.setViewportSize({ width: 390, height: 844 });
      await expectNoHorizontalScroll(page);
    });
  }
});

test.describe('home page', () => {
  test('the header links to the platform, solutions, pricing and customers sections', async ({
    page,
  }) => {
    await page.goto('/');
    const sections = [
      ['Platform', 'platform'],
      ['Solutions', 'solutions'],
      ['Pricing', 'pricing'],
      ['Customers', 'customers'],
    ] as const;
    for (const [name, id] of sections) {
      const link = mainNav(page).getByRole('link', { name, exact: true });
      await expect(link).toHaveAttribute('href', `#${id}`);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`/#${id}$`));
      await expectScrolledTo(page, id);
    }
  });

  test("the header's Login and 'Get Started Free' lead to /login and /register", async ({
    page,
  }) => {
    // The public pages run without the app's code, so these open the app by loading it.
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back');
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Turn website visitors/);
    await page.getByRole('banner').getByRole('link', { name: 'Get Started Free' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
  });

  test("the hero's 'Start Free Trial' leads to /register", async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Free Trial' }).click();
    await expect(page).toHaveURL(/\/register$/);
  });

  test("'Watch Demo' scrolls to the demo, which plays a conversation ending in a lead", async ({
    page,
  }) => {
    await page.goto('/');
    const watchDemo = page.getByRole('link', { name: 'Watch Demo' });
    await expect(watchDemo).toHaveAttribute('href', '#demo');
    await watchDemo.click();
    await expect(page).toHaveURL(/\/#demo$/);
    await expectScrolledTo(page, 'demo');
    const conversation = page.getByRole('list', { name: 'Sample conversation' });
    await expect(conversation).toContainText('Hello! How can I help you today?');
    await expect(conversation).toContainText('Lead captured and sent to your sales team', {
      timeout: 20_000,
    });
    await expect(page.getByRole('button', { name: 'Replay demo' })).toBeEnabled();
  });

  test('the sections present the product: features, three steps, industries', async ({ page }) => {
    await page.goto('/');
    const features = page.locator('#features');
    for (const feature of ['AI chatbot', 'Multilingual support', 'Advanced analytics']) {
      await expect(features.getByRole('heading', { name: feature, exact: true })).toBeVisible();
    }
    const steps = page.locator('#how-it-works').getByRole('listitem');
    await expect(steps).toHaveCount(3);
    await expect(steps.nth(0)).toContainText('Train your AI');
    await expect(steps.nth(0)).toContainText('Upload your documents or connect your website');
    await expect(steps.nth(1)).toContainText('Customise style, tone and goals');
    await expect(steps.nth(2)).toContainText('Increase conversions');

    const solutions = page.locator('#solutions');
    for (const industry of ['Healthcare', 'E-commerce', 'Logistics', 'Banking']) {
      await expect(solutions.getByRole('heading', { name: industry, exact: true })).toBeVisible();
    }
  });

  test('each industry in Solutions links to its case study', async ({ page }) => {
    for (const [slug, { industry }] of Object.entries(caseStudyFigures)) {
      await page.goto('/');
      await page
        .locator('#solutions')
        .getByRole('link', { name: `Read case study about ${industry}` })
        .click();
      await expect(page).toHaveURL(new RegExp(`/case-studies/${slug}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    await page.goto('/');
    await page.getByRole('link', { name: 'Explore all case studies' }).click();
    await expect(page).toHaveURL(/\/case-studies$/);
  });

  test('integrations show exactly eight tiles and testimonials exactly three', async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('list', { name: 'Integrations' }).getByRole('listitem'),
    ).toHaveCount(8);
    const testimonials = page.locator('#customers').getByRole('list', { name: 'Testimonials' });
    await expect(testimonials.getByRole('listitem')).toHaveCount(3);
    await expect(testimonials.locator('blockquote')).toHaveCount(3);
  });

  test('pricing offers Free and Premium with the 14-day trial, and both sign up', async ({
    page,
  }) => {
    await page.goto('/');
    const pricing = page.locator('#pricing');
    await expect(pricing).toContainText(
      '14-day free trial, no credit card required, full feature access',
    );
    await expect(pricing.getByRole('heading', { name: 'Free', exact: true })).toBeVisible();
    await expect(pricing.getByRole('heading', { name: 'Premium', exact: true })).toBeVisible();
    const ctas = pricing.getByRole('link', { name: /plan$/ });
    await expect(ctas).toHaveCount(2);
    for (const href of await ctas.evaluateAll((links) =>
      links.map((link) => link.getAttribute('href')),
    )) {
      expect(href).toBe('/register');
    }
    await ctas.last().click();
    await expect(page).toHaveURL(/\/register$/);
  });

  test("the closing banner's 'Get started' signs up and 'Contact sales' reaches the sales team", async ({
    page,
  }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Ready to turn visitors into customers?' });
    await banner.getByRole('link', { name: 'Get started', exact: true }).click();
    await expect(page).toHaveURL(/\/register$/);

    await page.goto('/');
    const contactSales = banner.getByRole('link', { name: 'Contact sales', exact: true });
    await expect(contactSales).toHaveAttribute('href', '#contact');
    await contactSales.click();
    await expect(page).toHaveURL(/\/#contact$/);
    const contactArea = page.locator('#contact');
    await expect(contactArea).toBeInViewport();
    await contactArea.getByRole('link', { name: 'Contact our sales team' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();
  });

  test('the footer has four columns of links to real pages and the 2025 copyright', async ({
    page,
  }) => {
    await page.goto('/');
    const columns: Record<string, [string, string][]> = {
      Product: [
        ['Features', '#features'],
        ['Pricing', '#pricing'],
        ['Security', '#security'],
      ],
      Company: [
        ['About', '/about'],
        ['Contact', '/contact'],
      ],
      Resources: [
        ['Documentation', '/docs'],
        ['API reference', '/docs/api'],
        ['Guides', '/docs#guides'],
      ],
      Legal: [
        ['Privacy', '/privacy'],
        ['Terms', '/terms'],
        ['Cookie policy', '/cookies'],
      ],
    };
    for (const [title, links] of Object.entries(columns)) {
      const column = footer(page)
        .locator('div')
        .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
        .last();
      const found = column.getByRole('link');
      await expect(found).toHaveCount(links.length);
      for (const [index, [name, href]] of links.entries()) {
        await expect(found.nth(index)).toHaveText(name);
        await expect(found.nth(index)).toHaveAttribute('href', href);
      }
    }
    await expect(footer(page).getByRole('link', { name: /^(Blog|Careers)$/ })).toHaveCount(0);
    await expect(footer(page)).toContainText('© 2025 Askwell. All rights reserved.');

    for (const id of ['features', 'pricing', 'security']) {
      await footer(page).locator(`a[href="#${id}"]`).click();
      await expect(page).toHaveURL(new RegExp(`/#${id}$`));
      await expectScrolledTo(page, id);
    }
  });

  test("the footer's Guides opens the guides section of the documentation", async ({ page }) => {
    await page.goto('/');
    await footer(page).getByRole('link', { name: 'Guides' }).click();
    await expect(page).toHaveURL(/\/docs#guides$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Getting started with Askwell',
    );
    await expectScrolledTo(page, 'guides');
  });

  test('on a phone the menu opens, lists the sections and closes on the way to one', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(mainNav(page)).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    for (const name of ['Platform', 'Solutions', 'Pricing', 'Customers']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(page.locator('#mobile-menu').getByRole('link', { name: 'Login' })).toBeVisible();
    await menu.getByRole('link', { name: 'Pricing', exact: true }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/#pricing$/);
    await expectScrolledTo(page, 'pricing');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
  });
});

test.describe('section links on other pages', () => {
  test('a header section link on /pricing returns to that section of the home page', async ({
    page,
  }) => {
    await page.goto('/pricing');
    await mainNav(page).getByRole('link', { name: 'Solutions', exact: true }).click();
    await expect(page).toHaveURL(/\/#solutions$/);
    await expectScrolledTo(page, 'solutions');
  });

  test('a footer link on a case study returns to the home page features', async ({ page }) => {
    await page.goto('/case-studies/banking');
    await footer(page).getByRole('link', { name: 'Features', exact: true }).click();
    await expect(page).toHaveURL(/\/#features$/);
    await expectScrolledTo(page, 'features');
    await expect(footer(page)).toContainText('© 2025 Askwell. All rights reserved.');
  });
});

test.describe('case studies', () => {
  test('the index shows four industries with two headline figures and a link each', async ({
    page,
  }) => {
    await page.goto('/case-studies');
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(4);
    for (const [index, [slug, { industry, metrics }]] of Object.entries(
      caseStudyFigures,
    ).entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole('heading', { level: 2 })).toHaveText(industry);
      await expect(card.getByRole('definition')).toHaveText([metrics[0]![1], metrics[1]![1]]);
      await expect(card.getByRole('term')).toHaveText([metrics[0]![0], metrics[1]![0]]);
      await expect(
        card.getByRole('link', { name: `Read the ${industry} case study` }),
      ).toHaveAttribute('href', `/case-studies/${slug}`);
    }
    await cards.nth(2).getByRole('link').click();
    await expect(page).toHaveURL(/\/case-studies\/logistics$/);
  });

  test("the index ends with 'Get started' to /register and 'Contact sales' to /contact", async ({
    page,
  }) => {
    await page.goto('/case-studies');
    await page.getByRole('main').getByRole('link', { name: 'Get started', exact: true }).click();
    await expect(page).toHaveURL(/\/register$/);
    await page.goto('/case-studies');
    await page.getByRole('main').getByRole('link', { name: 'Contact sales', exact: true }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });

  for (const [slug, { industry, metrics }] of Object.entries(caseStudyFigures)) {
    test(`/case-studies/${slug} tells the ${industry} story with its four figures`, async ({
      page,
    }) => {
      await page.goto(`/case-studies/${slug}`);
      await expect(page.getByText(`${industry} case study`, { exact: true })).toBeVisible();
      await expect(page.getByTestId('metric-tile')).toHaveCount(4);
      for (const [label, value] of metrics) {
        await expect(metricTile(page, label, value)).toHaveCount(1);
      }
      for (const name of ['The challenge', 'The solution', 'The results', 'Key benefits']) {
        await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
      }
      const quote = page.locator('figure blockquote');
      await expect(quote).toHaveCount(1);
      await expect(quote).not.toBeEmpty();

      await page.getByRole('link', { name: 'Get Started', exact: true }).click();
      await expect(page).toHaveURL(/\/register$/);
    });
  }

  test('an unknown case study shows the error screen with 404', async ({ page }) => {
    await page.goto('/case-studies/space-travel');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Unexpected Application Error!',
    );
    await expect(page.getByTestId('error-status')).toHaveText('404 Not Found');
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('features and pricing pages', () => {
  test('/features presents the platform and leads to sign-up', async ({ page }) => {
    await page.goto('/features');
    for (const feature of ['AI chatbot', 'Multilingual support', 'Advanced analytics']) {
      await expect(page.getByRole('heading', { name: feature, exact: true })).toBeVisible();
    }
    await expect(
      page.getByRole('list', { name: 'Integrations' }).getByRole('listitem'),
    ).toHaveCount(8);
    await page.getByRole('link', { name: 'Start Free Trial' }).click();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('/pricing compares Free and Premium, states the trial and answers questions', async ({
    page,
  }) => {
    await page.goto('/pricing');
    await expect(page.getByRole('main')).toContainText(
      '14-day free trial, no credit card required, full feature access',
    );
    await expect(page.getByRole('heading', { name: 'Free', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Premium', exact: true })).toBeVisible();
    await expect(page.getByRole('table')).toContainText('Public chat API and API keys');

    const answer = page.getByText('without entering any payment details');
    await expect(answer).toBeHidden();
    await page.getByText('Do I need a credit card to start?').click();
    await expect(answer).toBeVisible();

    await page.getByRole('link', { name: 'Start 14-day free trial with the Premium plan' }).click();
    await expect(page).toHaveURL(/\/register$/);
  });
});

test.describe('access denied, errors and loading', () => {
  test('/admin/unauthorized explains the refusal and returns to the dashboard', async ({
    page,
  }) => {
    await page.goto('/admin/unauthorized');
    await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
    const back = page.getByRole('link', { name: 'Return to Dashboard' });
    await expect(back).toHaveAttribute('href', '/admin');
    await back.click();
    // A signed-out visitor is asked to sign in before the dashboard opens.
    await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin$/);
  });

  test('an unknown route shows the error screen with 404 and a way home', async ({ page }) => {
    await page.goto('/this-page-does-not-exist');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Unexpected Application Error!',
    );
    await expect(page.getByTestId('error-status')).toHaveText('404 Not Found');
    await expect(page).toHaveTitle('Askwell — 404 Not Found');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('main').getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Turn website visitors/);
  });

  test('while a page is still loading, a spinner says Loading...', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Hold back the page's own code chunk (not the app shell) to catch the loading screen. The
    // sign-in page is not pre-rendered, so it has nothing to show before its code arrives.
    await page.route(/\/assets\/login-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'commit' });
    await expect(page.getByRole('status')).toHaveText('Loading...');
    release();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back');
    await expect(page.getByText('Loading...')).toHaveCount(0);
  });

  test('a pre-rendered page shows its content while its code is still loading', async ({
    page,
  }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/pricing-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/pricing', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      /Simple pricing that grows with you/,
    );
    await expect(page.getByText('Loading...')).toHaveCount(0);
    release();
    await page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back');
  });
});
