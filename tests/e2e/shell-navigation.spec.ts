import { expect, test, type Page } from '@playwright/test';
import {
  AFFILIATE_ATTRIBUTION_WINDOW_MS,
  DEFERRED_STARTUP_MS,
  HASH_SCROLL_DELAY_MS,
  refreshToken,
} from '@app/contracts';
import { E2E_STAFF_TOKEN } from './support/environment';
import { accountButton, loginTokenOf, signInAsDeveloper, uniquePerson } from './support/auth';

/* The shell's navigation (spec 2): drawer, footer, themes, scroll, and the referral parameters of spec 5. */

const shell = (page: Page) => page.locator('.app-shell');

test.describe('navigation drawer', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test('brand and tagline, a collapsible Products list of eight, then Content with the theme fragment, Team, Purchase', async ({
    page,
  }) => {
    await page.goto('/systems/questions');
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await menuButton.click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await expect(drawer).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');

    const brand = drawer.getByRole('link', { name: /Interview Prep/ });
    await expect(brand).toHaveAttribute('href', '/product');
    await expect(brand).toContainText('Ace the Technical Interviews');

    const productsToggle = drawer.getByRole('button', { name: 'Products' });
    await expect(productsToggle).toHaveAttribute('aria-expanded', 'false');
    await expect(drawer.getByRole('link', { name: 'AlgoExpert' })).toBeHidden();
    await productsToggle.click();
    await expect(productsToggle).toHaveAttribute('aria-expanded', 'true');
    const productLinks = drawer.locator('.products-disclosure__list a');
    await expect(productLinks).toHaveText([
      'AlgoExpert',
      'SystemsExpert',
      'MLExpert',
      'FrontendExpert',
      'InfraExpert',
      'iOSExpert',
      'BlockchainExpert',
      /ProgrammingExpert/,
    ]);
    const programming = drawer.getByRole('link', { name: /ProgrammingExpert/ });
    await expect(programming).toHaveAttribute('target', '_blank');
    await expect(programming).toHaveAttribute('rel', /noopener/);
    await expect(programming).toHaveAttribute('href', /^https:\/\//);

    // The active theme is the systems one: Content carries its fragment.
    await expect(drawer.getByRole('link', { name: 'Content' })).toHaveAttribute('href', '/content#se');
    await expect(drawer.getByRole('link', { name: 'Team' })).toHaveAttribute('href', '/team');
    await expect(drawer.getByRole('link', { name: 'Purchase' })).toHaveAttribute('href', '/purchase');

    await drawer.getByRole('link', { name: 'MLExpert' }).click();
    await expect(page).toHaveURL(/\/machine-learning\/product$/);
    await expect(drawer).toBeHidden();

    // Keyboard: the menu opens from the keyboard, Escape closes it and focus returns to the button.
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Content' })).toHaveAttribute('href', '/content#mle');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menuButton).toBeFocused();
  });
});

test.describe('footer and themes', () => {
  test('footer links and the current year; hidden on workspaces; coloured on product pages', async ({
    page,
  }) => {
    await page.clock.install({ time: new Date('2031-06-15T10:00:00Z') });
    await page.goto('/team');
    const footer = page.getByRole('contentinfo');
    const links = footer.getByRole('link');
    await expect(links).toHaveText([
      'Contact Us',
      'FAQ',
      'Reviews',
      'Blog',
      'Jobs',
      'SWE Project Contests',
      'Legal Stuff',
      'Privacy Policy',
    ]);
    const hrefs = await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
    expect(hrefs).toEqual([
      '/help',
      '/help#faq',
      '/reviews',
      '/blog',
      '/jobs',
      '/swe-project-contests',
      '/legal',
      '/privacy',
    ]);
    await expect(footer).toContainText('Copyright © 2031');
    await expect(footer).not.toHaveClass(/app-footer--coloured/);

    await page.goto('/frontend/product');
    await expect(page.getByRole('contentinfo')).toHaveClass(/app-footer--coloured/);

    for (const workspace of ['/questions/two-sum', '/systems/workspace/design-a-cache', '/output-viewer']) {
      await page.goto(workspace);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
    }
  });

  test('the theme follows the route’s product, ae by default', async ({ page }) => {
    const expected: [string, string][] = [
      ['/product', 'ae'],
      ['/mock-interviews', 'ae'],
      ['/systems/index', 'se'],
      ['/machine-learning/quiz', 'mle'],
      ['/frontend/html', 'fe'],
      ['/infrastructure/index', 'ie'],
      ['/ios/index', 'ioe'],
      ['/blockchain/index', 'bce'],
      ['/team', 'ae'],
    ];
    for (const [path, theme] of expected) {
      await page.goto(path);
      await expect(shell(page)).toHaveAttribute('data-theme', theme);
    }
    // Client-side navigation changes it too, and the header's Content link follows.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Products' }).click();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'FrontendExpert' })
      .click();
    await expect(shell(page)).toHaveAttribute('data-theme', 'fe');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Content' }),
    ).toHaveAttribute('href', '/content#fe');
    const themeColour = await page
      .locator('.product-hero')
      .evaluate((hero) => getComputedStyle(hero).backgroundColor);
    expect(themeColour).toBe('rgb(194, 65, 12)');
  });
});

test.describe('scrolling', () => {
  test.use({ viewport: { width: 1000, height: 400 } });

  test('every pathname change starts at the top', async ({ page }) => {
    await page.goto('/purchase');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    // Down to the footer, again until the page (its lazily loaded catalogue) is long enough.
    await expect
      .poll(() =>
        page.evaluate(() => {
          window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' });
          return window.scrollY;
        }),
      )
      .toBeGreaterThan(500);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Reviews' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
    await expect(page).toHaveURL(/\/reviews$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test(`a hash scrolls smoothly to its element after ${HASH_SCROLL_DELAY_MS} ms`, async ({ page }) => {
    // Time stands still from the start: the delay runs only as the test lets it.
    await page.clock.install();
    await page.clock.pauseAt(new Date(Date.now() + 3_600_000));
    await page.goto('/content#bce');
    const target = page.locator('#bce');
    await expect(target).toBeAttached();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.clock.runFor(HASH_SCROLL_DELAY_MS - 100);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.clock.runFor(200);
    await expect(target).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });
});

test.describe('affiliate and promo codes (spec 5)', () => {
  async function staffClickCount(page: Page, code: string): Promise<number> {
    const response = await page.request.get(`/api/staff/v1/affiliates/clicks/daily?code=${code}`, {
      headers: { authorization: `Bearer ${E2E_STAFF_TOKEN}` },
    });
    expect(response.status()).toBe(200);
    const { rows } = (await response.json()) as { rows: { count: number }[] };
    return rows.reduce((total, row) => total + row.count, 0);
  }

  test('r and a are kept, and the click is tracked once startup tracking begins', async ({ page }) => {
    const code = `e2e_${Date.now().toString(36)}`;
    const clicks: { body: unknown; at: number }[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/subscriptions/v1/affiliates/tracking/click')) {
        clicks.push({ body: request.postDataJSON(), at: Date.now() });
      }
    });
    const start = Date.now();
    await page.goto(`/systems/product?r=${code}&a=SPRING25`);
    await expect.poll(() => clicks.length, { timeout: 10_000 }).toBe(1);
    expect(clicks[0].body).toBe(code);
    expect(clicks[0].at - start).toBeGreaterThanOrEqual(DEFERRED_STARTUP_MS - 100);

    const stored = await page.evaluate(() => ({
      affiliate: JSON.parse(localStorage.getItem('ae_affiliate') ?? 'null') as {
        code: string;
        savedAt: number;
      },
      promo: localStorage.getItem('ae_promo_code'),
    }));
    expect(stored.affiliate.code).toBe(code);
    expect(Math.abs(stored.affiliate.savedAt - Date.now())).toBeLessThan(60_000);
    expect(stored.promo).toBe('SPRING25');
    // The click reached the platform as an event and its projection counts it.
    await expect.poll(() => staffClickCount(page, code), { timeout: 15_000 }).toBe(1);
  });

  test('empty or repeated parameters are ignored', async ({ page }) => {
    let clicks = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/affiliates/tracking/click')) clicks += 1;
    });
    await page.goto('/product?r=&a=');
    await page.goto('/product?r=first&r=second&a=ONE&a=TWO');
    await page.waitForTimeout(DEFERRED_STARTUP_MS + 1000);
    expect(clicks).toBe(0);
    expect(
      await page.evaluate(() => [
        localStorage.getItem('ae_affiliate'),
        localStorage.getItem('ae_promo_code'),
      ]),
    ).toEqual([null, null]);
  });

  test('the attribution is forgotten 30 days after it was saved', async ({ page }) => {
    await page.goto('/team');
    const now = await page.evaluate(() => Date.now());
    const seed = async (savedAt: number) => {
      await page.evaluate(
        (value) => localStorage.setItem('ae_affiliate', JSON.stringify({ code: 'kept', savedAt: value })),
        savedAt,
      );
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
      return page.evaluate(() => localStorage.getItem('ae_affiliate'));
    };
    expect(await seed(now - AFFILIATE_ATTRIBUTION_WINDOW_MS + 60_000)).toContain('kept');
    expect(await seed(now - AFFILIATE_ATTRIBUTION_WINDOW_MS - 60_000)).toBeNull();
  });
});

test('a token in the url is kept as the login token and taken out of the url, other parameters stay', async ({
  page,
  browser,
}) => {
  // A real session's token, made by signing in elsewhere (an unknown token would be logged out by
  // the first call's 401, as it should).
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await other.goto('/product');
  await signInAsDeveloper(other, uniquePerson('url-token'));
  const token = await loginTokenOf(elsewhere);
  await elsewhere.close();
  expect(token).toMatch(/\S{20,}/);

  // A signed-in page load exchanges its token for a fresh one first (spec 4, Roles refresh): the url's
  // token is the one that exchange sends, and the fresh token replaces it.
  const refresh = page.waitForResponse((response) => response.url().endsWith(refreshToken.path));
  await page.goto(`/team?token=${encodeURIComponent(token!)}&keep=yes#top`);
  await expect(page).toHaveURL(
    (url) => url.pathname === '/team' && url.search === '?keep=yes' && url.hash === '#top',
  );
  const refreshed = await refresh;
  expect(refreshed.request().headers()['authorization']).toBe(`Bearer ${token}`);
  expect(refreshed.status()).toBe(200);
  const { Token: freshToken } = (await refreshed.json()) as { Token: string };
  await expect.poll(() => loginTokenOf(page.context())).toBe(freshToken);
  await expect(accountButton(page)).toBeVisible();
});
