import type { Browser, Locator } from '@playwright/test';
import { botDefaults, type Bot } from '@askwell/shared';
import { expect, registerTestCustomer, test } from './fixtures';
import { startHostSite, type HostSite } from './support/host-site';

const shots = 'test-results/screens/widget';

// A shop's Spanish help page with more than one topic: the answer must quote the part that
// answers, not the whole page.
const document = [
  'Envíos y devoluciones',
  '',
  'Enviamos los pedidos a toda España en 24 horas, p. ej. a Madrid o Sevilla. El envío cuesta 4,95 € y es gratuito a partir de 50 €.',
  '',
  'Las devoluciones son gratuitas durante 30 días desde la entrega. El reembolso llega en 5 días hábiles a la tarjeta con la que se pagó.',
  '',
  '| Tienda | Horario |',
  '|---|---|',
  '| Madrid | 10:00–20:00 |',
  '| Sevilla | 09:30–19:30 |',
  '',
  'Nuestra panadería hornea pan de masa madre cada mañana con harina ecológica de Castilla.',
].join('\n');

test.describe('answers in the widget without a model', () => {
  let bot: Bot;
  let site: HostSite;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(90_000);
    const baseURL = process.env.E2E_BASE_URL!;
    const page = await browser.newPage({ baseURL });
    await registerTestCustomer(page.request, { verified: true, name: 'Sofía Owner' });
    const origin = { Origin: baseURL };
    const created = await page.request.post('/api/bots', {
      headers: origin,
      data: { ...botDefaults, name: 'Tienda Sol', allowedDomains: ['127.0.0.1'] },
    });
    expect(created.status(), await created.text()).toBe(201);
    bot = (await created.json()) as Bot;
    const upload = await page.request.post(`/api/bots/${bot.id}/documents`, {
      headers: origin,
      multipart: {
        file: { name: 'envios.md', mimeType: 'text/markdown', buffer: Buffer.from(document) },
      },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    await expect
      .poll(
        async () => {
          const response = await page.request.get(`/api/sources?botId=${bot.id}`);
          return ((await response.json()) as Array<{ status: string }>).map((s) => s.status).join();
        },
        { timeout: 75_000 },
      )
      .toBe('completed');
    site = await startHostSite(baseURL, bot.id, { title: 'Tienda', lang: 'es' });
    await page.close();
  });

  test.afterAll(async () => {
    await site?.close();
  });

  for (const viewport of [
    { name: 'desktop', width: 1366, height: 900 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    test(`a Spanish visitor is greeted in Spanish and gets a short, cited answer under a Spanish frame (${viewport.name})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({
        locale: 'es-ES',
        viewport: { width: viewport.width, height: viewport.height },
      });
      const page = await context.newPage();
      await page.goto(site.origin);
      await page.getByRole('button', { name: /chat/i }).first().click();
      const panel = page.getByRole('dialog', { name: 'Tienda Sol' });
      const message = panel.getByRole('textbox', { name: 'Tu mensaje' });
      // The bot kept the welcome and placeholder it came with: the visitor gets them in Spanish.
      await expect(panel.getByRole('log')).toContainText('¡Hola! ¿En qué puedo ayudarte hoy?');
      await expect(message).toHaveAttribute('placeholder', 'Escribe tu mensaje...');
      await message.fill('¿Cuántos días tengo para hacer una devolución?');
      await message.press('Enter');
      const answer = panel.getByRole('log').locator('.msg.bot').last();
      await expect(answer).toContainText('Según nuestros documentos:');
      // The two sentences follow each other in the page: one quote, as written.
      await expect(answer).toContainText(
        '“Las devoluciones son gratuitas durante 30 días desde la entrega. El reembolso llega en 5 días hábiles a la tarjeta con la que se pagó.” [1]',
      );
      await expect(answer.getByRole('listitem').first()).toHaveText('envios.md');
      // Only what answers: not the bakery, not the shipping costs, no table markup.
      const reply = (await answer.locator('.bubble').textContent()) ?? '';
      expect(reply).not.toContain('masa madre');
      expect(reply).not.toContain('4,95');
      expect(reply).not.toContain('|');
      expect(reply.length).toBeLessThanOrEqual(600);
      await page.screenshot({ path: `${shots}/spanish-answer-${viewport.name}.png` });

      await message.fill('¿Venden bicicletas eléctricas?');
      await message.press('Enter');
      const fallback = panel.getByRole('log').locator('.msg.bot').last();
      await expect(fallback).toContainText('Lo siento, todavía no tengo información sobre eso.');
      await context.close();
    });
  }

  // Where each line of a message starts and ends inside its bubble: a line written left to right
  // starts at the bubble's left padding, one written right to left ends at its right padding.
  const lineEdges = (bubble: Locator) =>
    bubble.evaluate((element) => {
      const range = element.ownerDocument.createRange();
      range.selectNodeContents(element.querySelector('p') ?? element);
      const text = range.getClientRects()[0]!;
      const box = element.getBoundingClientRect();
      return { fromLeft: text.left - box.left, fromRight: box.right - text.right };
    });

  for (const viewport of [
    { name: 'desktop', width: 1366, height: 900 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    test(`an Arabic visitor gets a mirrored panel in Arabic, and a Spanish quote still reads left to right (${viewport.name})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({
        locale: 'ar',
        viewport: { width: viewport.width, height: viewport.height },
      });
      const page = await context.newPage();
      await page.goto(site.origin);
      await page.getByRole('button', { name: 'فتح المحادثة' }).click();
      const panel = page.getByRole('dialog', { name: 'Tienda Sol' });
      await expect(panel).toHaveAttribute('dir', 'rtl');
      await expect(panel).toHaveAttribute('lang', 'ar');
      await expect(panel.getByRole('log')).toContainText('مرحبًا! كيف يمكنني مساعدتك اليوم؟');
      const message = panel.getByRole('textbox', { name: 'رسالتك' });
      await expect(message).toHaveAttribute('placeholder', 'اكتب رسالتك...');
      // Mirrored: the send button sits left of the message field.
      const field = (await message.boundingBox())!;
      const send = (await panel.getByRole('button', { name: 'إرسال' }).boundingBox())!;
      expect(send.x).toBeLessThan(field.x);

      // A question in Spanish is answered in Spanish, and its lines keep their own direction.
      await message.fill('¿Cuántos días tengo para hacer una devolución?');
      await message.press('Enter');
      const answer = panel.getByRole('log').locator('.msg.bot').last();
      await expect(answer).toContainText('Según nuestros documentos:');
      const spanish = await lineEdges(answer.locator('.bubble'));
      expect(spanish.fromLeft).toBeLessThan(20);
      await page.screenshot({ path: `${shots}/arabic-panel-spanish-answer-${viewport.name}.png` });

      await message.fill('هل تبيعون الدراجات الكهربائية؟');
      await message.press('Enter');
      const fallback = panel.getByRole('log').locator('.msg.bot').last();
      await expect(fallback).toContainText('عذرًا، لا تتوفر لديّ معلومات عن ذلك بعد.');
      const arabic = await lineEdges(fallback.locator('.bubble'));
      expect(arabic.fromRight).toBeLessThan(20);
      await page.screenshot({ path: `${shots}/arabic-panel-${viewport.name}.png` });
      await context.close();
    });
  }

  // Where a message's lines break, as the characters either side of each break: Korean puts
  // spaces between words, and a line broken inside a word reads as a typo.
  const lineBreaks = (bubble: Locator) =>
    bubble.evaluate((element) => {
      const text = element.querySelector('p')?.firstChild;
      if (!text || text.nodeType !== Node.TEXT_NODE) throw new Error('no text in the bubble');
      const content = text.textContent ?? '';
      const range = element.ownerDocument.createRange();
      const breaks: string[] = [];
      let lineTop: number | null = null;
      for (let index = 0; index < content.length; index += 1) {
        range.setStart(text, index);
        range.setEnd(text, index + 1);
        const rect = range.getClientRects()[0];
        if (!rect || rect.width === 0) continue;
        if (lineTop !== null && rect.top > lineTop + 2) {
          breaks.push(content.slice(Math.max(0, index - 2), index) + '|' + content[index]);
        }
        lineTop = rect.top;
      }
      return breaks;
    });

  // A visitor on a phone whose browser speaks `locale` opens the chat and asks `question`; the
  // bot's last message is returned with the page and panel.
  const askOnPhone = async (
    browser: Browser,
    {
      locale,
      launcher,
      field,
      question,
    }: Record<'locale' | 'launcher' | 'field' | 'question', string>,
  ) => {
    const context = await browser.newContext({ locale, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(site.origin);
    await page.getByRole('button', { name: launcher }).click();
    const panel = page.getByRole('dialog', { name: 'Tienda Sol' });
    const message = panel.getByRole('textbox', { name: field });
    await message.fill(question);
    await message.press('Enter');
    return {
      context,
      page,
      panel,
      message,
      reply: panel.getByRole('log').locator('.msg.bot').last(),
    };
  };

  const expectLinesBrokenBetweenWords = async (reply: Locator) => {
    const breaks = await lineBreaks(reply.locator('.bubble'));
    expect(breaks.length, 'the message wraps').toBeGreaterThan(0);
    for (const place of breaks) expect(place, 'a line starts at a word').toMatch(/ \|/);
  };

  test('a Korean visitor reads the widget in Korean, its lines broken between words in a Korean panel and an English one', async ({
    browser,
  }) => {
    const korean = await askOnPhone(browser, {
      locale: 'ko-KR',
      launcher: '채팅 열기',
      field: '메시지',
      question: '전기 자전거도 판매하시나요?',
    });
    await expect(korean.panel).toHaveAttribute('lang', 'ko');
    await expect(korean.panel.getByRole('log')).toContainText('안녕하세요! 무엇을 도와드릴까요?');
    await expect(korean.reply).toContainText('죄송합니다. 아직 그에 대한 정보가 없습니다.');
    await expectLinesBrokenBetweenWords(korean.reply);
    await korean.page.screenshot({ path: `${shots}/korean-panel-phone.png` });
    await korean.context.close();

    // The same question from an English browser: the panel is English, the answer Korean, and
    // its lines break between words too.
    const english = await askOnPhone(browser, {
      locale: 'en-US',
      launcher: 'Open chat',
      field: 'Your message',
      question: '전기 자전거도 판매하시나요?',
    });
    await expect(english.reply).toContainText('죄송합니다. 아직 그에 대한 정보가 없습니다.');
    await expectLinesBrokenBetweenWords(english.reply);
    await english.context.close();
  });

  test('a visitor in Taiwan reads the widget in traditional Chinese', async ({ browser }) => {
    const taiwan = await askOnPhone(browser, {
      locale: 'zh-TW',
      launcher: '開啟聊天',
      field: '您的訊息',
      question: '你們有賣電動腳踏車嗎？',
    });
    await expect(taiwan.panel).toHaveAttribute('lang', 'zh-Hant');
    await expect(taiwan.panel.getByRole('log')).toContainText('您好！今天有什麼可以幫您？');
    await expect(taiwan.message).toHaveAttribute('placeholder', '輸入您的訊息...');
    await expect(taiwan.reply).toContainText('抱歉，我還沒有這方面的資訊。');
    await expect(taiwan.panel.getByRole('button', { name: '傳送' })).toBeVisible();
    await taiwan.page.screenshot({ path: `${shots}/traditional-chinese-panel-phone.png` });
    await taiwan.context.close();
  });
});
