import {
  rightToLeftLanguages,
  widgetLanguageOfTag,
  type WidgetBotConfig,
  type WidgetConversation,
  type WidgetTexts,
} from '@askwell/shared';
import { panelGlobal, type PanelContext, type PanelMount } from './contract';
import { h, icons, svg } from './dom';
import { createLeadForm } from './lead-form';
import { renderMarkdown } from './markdown';
import { panelCss } from './panel-styles';
import {
  localTexts,
  messageNode,
  readableOn,
  typingIndicator,
  unavailableNotice,
  type FeedbackSender,
  type ShownMessage,
} from './render';
import { storage } from './storage';
import { ApiFailure, createTransport } from './transport';

const mount: PanelMount = (context: PanelContext) => {
  const { root, frame, launcher, settings, emit, setOpen } = context;
  const local = localTexts(widgetLanguageOfTag(navigator.language) ?? 'en');
  const dismissedKey = `askwell:${settings.botId}:lead-dismissed`;

  const style = document.createElement('style');
  style.textContent = panelCss;
  root.prepend(style);

  const titleId = 'aw-title';
  const heading = h('h2', { id: titleId });
  const status = h('p');
  const resetButton = h('button', { type: 'button', class: 'icon' }, svg(icons.refresh));
  const closeButton = h('button', { type: 'button', class: 'icon' }, svg(icons.close));
  const log = h('div', { class: 'log', role: 'log', 'aria-live': 'polite', tabindex: '0' });
  const textarea = h('textarea', { rows: '1', maxlength: '4000' });
  const sendButton = h('button', { type: 'submit', class: 'send' }, svg(icons.send));
  const compose = h('form', { class: 'compose' }, textarea, sendButton);
  const contactLink = h('button', { type: 'button', class: 'link', hidden: true });
  const poweredBy = h('span');
  const footer = h('footer', {}, contactLink, poweredBy);
  const panel = h(
    'div',
    { class: 'panel', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': titleId },
    h(
      'header',
      {},
      h('span', { class: 'avatar' }, svg(icons.bot)),
      h('div', { class: 'title' }, heading, status),
      resetButton,
      closeButton,
    ),
    log,
    compose,
    footer,
  );
  frame.append(panel);

  let bot: WidgetBotConfig | null = null;
  let texts: WidgetTexts | null = null;
  let busy = false;
  let leadCaptured = false;
  let leadForm: HTMLElement | null = null;
  let conversationId: string | null = null;
  let isOpen = false;
  let loaded: Promise<void> | null = null;

  function scrollToEnd() {
    log.scrollTop = log.scrollHeight;
  }

  function notice(text: string, error = false) {
    const node = h('p', { class: error ? 'notice error' : 'notice' }, text);
    log.append(node);
    scrollToEnd();
    return node;
  }

  function showUnavailable(text: string) {
    panel.classList.add('compact');
    log.replaceChildren(unavailableNotice(text));
    compose.hidden = true;
    resetButton.hidden = true;
    contactLink.hidden = true;
  }

  const { request, stream } = createTransport({
    origin: settings.origin,
    botId: settings.botId,
    fallbackMessage: () => texts?.error ?? '',
  });
  const sendFeedback: FeedbackSender = (messageId, feedback) =>
    request('PUT', `/messages/${messageId}/feedback`, feedback);

  function applyConfig(config: WidgetBotConfig) {
    bot = config;
    texts = config.texts;
    const colours = config.widgetConfig;
    frame.style.setProperty('--aw-primary', colours.primaryColor);
    frame.style.setProperty('--aw-primary-text', colours.primaryColor);
    frame.style.setProperty('--aw-button', colours.buttonColor);
    frame.style.setProperty('--aw-on-primary', readableOn(colours.primaryColor, root));
    frame.style.setProperty('--aw-on-button', readableOn(colours.buttonColor, root));
    frame.style.setProperty('--aw-text', colours.textColor);
    frame.style.setProperty('--aw-font', colours.fontFamily);
    // The panel reads in its texts' language (a lang for the right CJK glyphs), mirrored for Arabic.
    panel.lang = config.language;
    panel.dir = rightToLeftLanguages.includes(config.language) ? 'rtl' : 'ltr';
    heading.textContent = config.name;
    status.textContent = texts.online;
    textarea.placeholder = colours.placeholderText;
    textarea.setAttribute('aria-label', texts.messageLabel);
    sendButton.setAttribute('aria-label', texts.send);
    closeButton.setAttribute('aria-label', texts.close);
    resetButton.setAttribute('aria-label', texts.newConversation);
    resetButton.title = texts.newConversation;
    contactLink.textContent = texts.contactUs;
    // Empty when the owner's plan removes the branding.
    poweredBy.textContent = texts.poweredBy;
    poweredBy.hidden = !texts.poweredBy;
  }

  function addMessage(message: ShownMessage) {
    const shown = messageNode(message, texts, sendFeedback);
    // New messages go above an open lead form, which stays last until answered or dismissed.
    if (leadForm && leadForm.parentNode === log) leadForm.before(shown.wrapper);
    else log.append(shown.wrapper);
    scrollToEnd();
    return shown;
  }

  function showWelcome() {
    if (!bot) return;
    log.replaceChildren();
    addMessage({ role: 'assistant', content: bot.widgetConfig.welcomeMessage });
    if (bot.starterQuestions.length > 0) {
      const starters = h('div', { class: 'starters' });
      for (const question of bot.starterQuestions) {
        const chip = h('button', { type: 'button', class: 'chip' }, question);
        chip.addEventListener('click', () => {
          starters.remove();
          void load().then(() => send(question));
        });
        starters.append(chip);
      }
      log.append(starters);
    }
  }

  function showLeadForm(explicit: boolean) {
    if (!bot?.lead.enabled || leadCaptured || leadForm || !texts) return;
    if (!explicit && conversationId && storage.get(dismissedKey) === conversationId) return;
    const { form, focus } = createLeadForm({
      texts,
      send: (values) =>
        request<{ created: boolean }>('POST', '/leads', {
          ...values,
          phone: values.phone || null,
          consent: true,
        }),
      onSkip: () => {
        if (conversationId) storage.set(dismissedKey, conversationId);
        leadForm = null;
        textarea.focus();
      },
      onSent: (values) => {
        leadCaptured = true;
        leadForm = null;
        contactLink.hidden = true;
        emit('lead', { name: values.name, email: values.email });
      },
    });
    leadForm = form;
    log.append(form);
    scrollToEnd();
    if (explicit) focus();
  }

  async function send(text: string) {
    const message = text.trim();
    if (!message || busy || !texts) return;
    busy = true;
    sendButton.disabled = true;
    log.querySelector('.starters')?.remove();
    addMessage({ role: 'visitor', content: message });
    emit('message', { role: 'visitor', text: message });
    const typing = typingIndicator(texts);
    log.append(typing);
    scrollToEnd();
    let answer: { wrapper: HTMLElement; bubble: HTMLElement } | null = null;
    let streamed = '';
    let frameRequested = false;
    let finished = false;
    const paint = () => {
      frameRequested = false;
      if (finished) return;
      if (!answer) {
        typing.remove();
        answer = addMessage({ role: 'assistant', content: '' });
        answer.wrapper.setAttribute('aria-busy', 'true');
      }
      answer.bubble.replaceChildren(renderMarkdown(streamed));
      scrollToEnd();
    };
    try {
      const done = await stream(message, (token) => {
        streamed += token;
        if (!frameRequested) {
          frameRequested = true;
          requestAnimationFrame(paint);
        }
      });
      finished = true;
      typing.remove();
      (answer as { wrapper: HTMLElement } | null)?.wrapper.remove();
      conversationId = done.conversationId;
      addMessage({
        id: done.messageId,
        role: 'assistant',
        content: done.reply,
        sources: done.sources,
        feedback: null,
      });
      emit('message', { role: 'assistant', text: done.reply, sources: done.sources });
      if (done.leadPrompt) showLeadForm(done.leadPrompt === 'contact_request');
    } catch (error) {
      finished = true;
      typing.remove();
      // The owner's plan is out of messages: a calm note, not an error the visitor caused.
      if (error instanceof ApiFailure && error.code === 'quota_exceeded') {
        notice(local.assistantUnavailable);
        return;
      }
      const text =
        error instanceof ApiFailure && error.code === 'rate_limited'
          ? texts.rateLimited
          : error instanceof ApiFailure && error.code === 'origin_not_allowed'
            ? local.unavailable
            : texts.error;
      notice(text, true);
    } finally {
      busy = false;
      sendButton.disabled = false;
    }
  }

  async function loadHistory() {
    const history = await request<WidgetConversation>('GET', '/conversation');
    leadCaptured = history.leadCaptured;
    conversationId = history.conversationId;
    showWelcome();
    for (const message of history.messages) addMessage(message);
    if (history.messages.length > 0) log.querySelector('.starters')?.remove();
    contactLink.hidden = !bot?.lead.enabled || leadCaptured;
  }

  function load() {
    loaded ??= context.config.then(async (result) => {
      if (!result.ok) {
        status.textContent = '';
        heading.textContent = 'Chat';
        closeButton.setAttribute('aria-label', local.close);
        showUnavailable(
          result.status === 0
            ? local.offline
            : result.code === 'bot_disabled'
              ? local.disabled
              : local.unavailable,
        );
        if (result.status === 0) loaded = null;
        return;
      }
      applyConfig(result.config);
      showWelcome();
      try {
        await loadHistory();
      } catch (error) {
        if (error instanceof ApiFailure && error.code === 'origin_not_allowed') {
          showUnavailable(local.unavailable);
        } else {
          notice(texts!.error, true);
          loaded = null;
        }
      }
    });
    return loaded;
  }

  // On phones the panel fills the visual viewport, so the on-screen keyboard never covers the
  // message box.
  const viewport = window.visualViewport;
  const fitViewport = () => {
    if (!viewport) return;
    frame.style.setProperty('--aw-vv-height', `${viewport.height}px`);
    frame.style.setProperty('--aw-vv-top', `${viewport.offsetTop}px`);
  };
  viewport?.addEventListener('resize', fitViewport);
  viewport?.addEventListener('scroll', fitViewport);

  function focusables() {
    return [
      ...panel.querySelectorAll<HTMLElement>('button, a[href], input, textarea, [tabindex="0"]'),
    ].filter(
      (node) =>
        !node.hidden && !(node as HTMLButtonElement).disabled && node.getClientRects().length > 0,
    );
  }

  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = focusables();
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const active = root.activeElement;
    if (event.shiftKey && (active === first || !panel.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  });

  textarea.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      compose.requestSubmit();
    }
  });
  textarea.addEventListener('input', () => {
    textarea.style.height = 'auto';
    textarea.style.height = `${Math.min(textarea.scrollHeight, 120)}px`;
  });
  compose.addEventListener('submit', (event) => {
    event.preventDefault();
    void submit();
  });
  async function submit() {
    if (!textarea.value.trim() || busy) return;
    // A visitor can press Enter before the bot's settings and the conversation so far have arrived
    // (a slow network or server): the message stays in the box and goes once they are there, instead
    // of being dropped, or wiped from the log when the history is drawn.
    await load();
    const text = textarea.value;
    if (!text.trim() || busy || !texts) return;
    textarea.value = '';
    textarea.style.height = 'auto';
    void send(text);
  }
  closeButton.addEventListener('click', () => close());
  resetButton.addEventListener('click', () => void reset());
  contactLink.addEventListener('click', () => showLeadForm(true));

  function open() {
    if (isOpen) return;
    isOpen = true;
    fitViewport();
    setOpen(true);
    emit('open');
    void load().then(() => {
      if (isOpen && !compose.hidden) textarea.focus();
      else if (isOpen) closeButton.focus();
    });
    if (!compose.hidden) textarea.focus();
  }

  function close() {
    if (!isOpen) return;
    isOpen = false;
    setOpen(false);
    emit('close');
    launcher.focus();
  }

  async function reset() {
    await load();
    if (!bot) return;
    try {
      await request('DELETE', '/conversation');
    } catch {
      notice(texts!.error, true);
      return;
    }
    conversationId = null;
    leadCaptured = false;
    leadForm = null;
    contactLink.hidden = !bot.lead.enabled;
    showWelcome();
    if (isOpen) textarea.focus();
  }

  return { open, close, reset };
};

window[panelGlobal] = mount;
