import { asSentence, type BotSummary } from '@askwell/shared';
import {
  BookOpen,
  CircleAlert,
  CircleCheck,
  Code2,
  Eye,
  Settings2,
  TriangleAlert,
} from 'lucide-react';
import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Link, useSearchParams } from 'react-router';

import { CodeBlock } from '@/components/ui/code-block';
import { controlStyles, FormField } from '@/components/ui/form-field';
import { Panel } from '@/components/ui/panel';
import { RefusedOriginNotice, refusedHost } from '@/components/widget/refused-origin-notice';
import { useBots } from '@/hooks/use-bots';

import { useAllowDomain } from '../api/allow-domain';
import { linkClass } from '../lib/link-class';

import { ChatbotField } from './chatbot-field';
import {
  embedSnippet,
  previewUrl,
  type WidgetPosition,
  type WidgetTheme,
} from '../lib/embed-snippet';
import { guides, PlatformGuide, type GuideId } from './platform-guides';

const placeholderBotId = 'YOUR_BOT_ID';

const options = [
  {
    name: 'botId',
    attribute: 'data-bot-id',
    values: 'Your chatbot’s id',
    description: 'Which chatbot answers. Required; filled in for the chatbot chosen above.',
  },
  {
    name: 'position',
    attribute: 'data-position',
    values: "'bottom-right' or 'bottom-left'",
    description: 'The corner the chat button sits in. Default: bottom-right.',
  },
  {
    name: 'theme',
    attribute: 'data-theme',
    values: "'light' or 'dark'",
    description: 'Light or dark chat window; your colours and font still apply. Default: light.',
  },
] as const;

function StatusLine({
  tone,
  icon,
  children,
}: {
  tone: 'good' | 'warn' | 'bad';
  icon: ReactNode;
  children: ReactNode;
}) {
  const tones = {
    good: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
    warn: 'bg-amber-50 text-amber-900 ring-amber-200',
    bad: 'bg-red-50 text-red-900 ring-red-200',
  };
  return (
    <div className={`flex gap-3 rounded-xl p-4 text-sm leading-6 ring-1 ${tones[tone]}`}>
      <span className="mt-0.5 shrink-0">{icon}</span>
      <div className="min-w-0 break-words">{children}</div>
    </div>
  );
}

function DomainStatus({ bot }: { bot: BotSummary }) {
  const allowDomain = useAllowDomain();
  const editor = `/dashboard/bots/${bot.id}`;
  return (
    <div className="space-y-3" data-testid="domain-status">
      {bot.isDemo ? (
        <StatusLine tone="bad" icon={<CircleAlert className="size-5" aria-hidden="true" />}>
          <strong>{bot.name}</strong> is demo data: it never answers on a website, and the widget
          shows visitors that chat is not available.{' '}
          <Link to="/dashboard/bots/new" className={linkClass}>
            Create a chatbot
          </Link>{' '}
          of your own to put on your site.
        </StatusLine>
      ) : bot.staffDisabledAt ? (
        <StatusLine tone="bad" icon={<CircleAlert className="size-5" aria-hidden="true" />}>
          <strong>{bot.name}</strong> was disabled by Askwell staff:{' '}
          {asSentence(bot.staffDisabledReason ?? '')} The widget shows visitors that chat is not
          available until staff enable it again.
        </StatusLine>
      ) : !bot.enabled ? (
        <StatusLine tone="bad" icon={<CircleAlert className="size-5" aria-hidden="true" />}>
          <strong>{bot.name}</strong> is disabled: the widget shows visitors that chat is not
          available. Turn it on in the{' '}
          <Link to={editor} className={linkClass}>
            chatbot editor
          </Link>
          .
        </StatusLine>
      ) : bot.allowedDomains.length === 0 ? (
        <StatusLine tone="warn" icon={<TriangleAlert className="size-5" aria-hidden="true" />}>
          No allowed domain yet: the chatbot answers only in Askwell’s own preview. Add your site’s
          domain under Allowed domains in the{' '}
          <Link to={editor} className={linkClass}>
            chatbot editor
          </Link>{' '}
          (Widget Appearance tab).
        </StatusLine>
      ) : (
        <StatusLine tone="good" icon={<CircleCheck className="size-5" aria-hidden="true" />}>
          Answers on{' '}
          {bot.allowedDomains.map((domain, index) => (
            <span key={domain}>
              {index > 0 && ', '}
              <code className="font-mono text-[13px] font-semibold">{domain}</code>
            </span>
          ))}
          .{' '}
          <Link to={editor} className={linkClass}>
            Change allowed domains
          </Link>
        </StatusLine>
      )}
      {bot.lastRefusedOrigin &&
        !bot.allowedDomains.includes(refusedHost(bot.lastRefusedOrigin)) && (
          <RefusedOriginNotice
            origin={bot.lastRefusedOrigin}
            at={bot.lastRefusedAt}
            nextStep="If it is your site, allow it: the chatbot answers there as soon as it is saved."
            allowing={allowDomain.isPending}
            onAllow={() =>
              allowDomain.mutate(
                { botId: bot.id, host: refusedHost(bot.lastRefusedOrigin!) },
                {
                  onSuccess: () =>
                    toast.success(`${refusedHost(bot.lastRefusedOrigin!)} is allowed`),
                  onError: (error) =>
                    toast.error(error.message || 'The domain could not be allowed.'),
                },
              )
            }
          />
        )}
    </div>
  );
}

function isGuide(value: string | null): value is GuideId {
  return value === 'wordpress' || value === 'shopify';
}

export function WebsiteIntegrationTab() {
  const origin = window.location.origin;
  const bots = useBots();
  const [params, setParams] = useSearchParams();
  const position: WidgetPosition =
    params.get('position') === 'bottom-left' ? 'bottom-left' : 'bottom-right';
  const theme: WidgetTheme = params.get('theme') === 'dark' ? 'dark' : 'light';
  const guide = params.get('guide');

  const botList = bots.data ?? [];
  const bot = botList.find((item) => item.id === params.get('bot')) ?? botList[0] ?? null;
  const botId = bot?.id ?? placeholderBotId;
  const snippet = embedSnippet({ origin, botId, position, theme });

  const setParam = (name: string, value: string | null) =>
    setParams(
      (current) => {
        if (value === null) current.delete(name);
        else current.set(name, value);
        return current;
      },
      { replace: name !== 'guide', preventScrollReset: name !== 'guide' },
    );
  const hrefWith = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    next.set('tab', 'website');
    if (value === null) next.delete(name);
    else next.set(name, value);
    return `?${next.toString()}`;
  };

  if (isGuide(guide)) {
    return (
      <PlatformGuide
        guide={guide}
        snippet={snippet}
        botHref={bot ? `/dashboard/bots/${bot.id}` : '/dashboard/bots'}
        backHref={hrefWith('guide', null)}
      />
    );
  }

  return (
    <div className="space-y-6">
      <Panel
        title="Embed code"
        description="Paste this line into your website’s HTML, just before the closing </body> tag."
        icon={<Code2 className="size-5" aria-hidden="true" />}
      >
        <div className="space-y-6 p-5 sm:p-6">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <ChatbotField
              id="website-bot"
              loading={bots.isPending}
              bots={botList}
              selected={bot}
              onSelect={(botId) => setParam('bot', botId)}
              emptyHint="and its embed code appears here."
            />
            <FormField id="website-position" label="Position">
              {(a11y) => (
                <select
                  {...a11y}
                  value={position}
                  onChange={(event) => setParam('position', event.target.value)}
                  className={controlStyles(false)}
                >
                  <option value="bottom-right">bottom-right</option>
                  <option value="bottom-left">bottom-left</option>
                </select>
              )}
            </FormField>
            <FormField id="website-theme" label="Theme">
              {(a11y) => (
                <select
                  {...a11y}
                  value={theme}
                  onChange={(event) => setParam('theme', event.target.value)}
                  className={controlStyles(false)}
                >
                  <option value="light">light</option>
                  <option value="dark">dark</option>
                </select>
              )}
            </FormField>
          </div>
          <CodeBlock language="HTML" title="Embed code" code={snippet} testId="embed-snippet" />
          {bot && <DomainStatus bot={bot} />}
        </div>
      </Panel>

      <Panel
        title="Live preview"
        description="The real widget, answering from your chatbot’s knowledge."
        icon={<Eye className="size-5" aria-hidden="true" />}
      >
        <div className="p-3 sm:p-4">
          {bot ? (
            <iframe
              key={`${bot.id}-${position}-${theme}-${bot.updatedAt}`}
              title={`Live preview of ${bot.name}`}
              src={previewUrl({ botId: bot.id, position, theme })}
              className="h-[40rem] w-full rounded-xl bg-slate-100 ring-1 ring-slate-200"
            />
          ) : (
            <p className="p-4 text-sm text-slate-600">
              Create a chatbot to see it here as your visitors will.
            </p>
          )}
        </div>
      </Panel>

      <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-2">
        <Panel
          title="Options"
          description="Set on the script tag as data- attributes."
          icon={<Settings2 className="size-5" aria-hidden="true" />}
        >
          <dl className="divide-y divide-slate-100">
            {options.map((option) => (
              <div
                key={option.name}
                className="grid grid-cols-1 gap-1 px-5 py-4 sm:grid-cols-3 sm:px-6"
              >
                <dt>
                  <code className="font-mono text-sm font-semibold text-slate-900">
                    {option.name}
                  </code>
                  <span className="block font-mono text-xs text-slate-500">{option.attribute}</span>
                </dt>
                <dd className="text-sm text-slate-700 sm:col-span-2">
                  <span className="font-medium text-slate-900">{option.values}</span>
                  <span className="block text-slate-600">{option.description}</span>
                </dd>
              </div>
            ))}
          </dl>
          <div className="space-y-3 border-t border-slate-100 px-5 py-4 text-sm text-slate-700 sm:px-6">
            <p>
              Control the chat from your own scripts with{' '}
              <code className="font-mono text-[13px]">window.Askwell.open()</code>,{' '}
              <code className="font-mono text-[13px]">close()</code>,{' '}
              <code className="font-mono text-[13px]">toggle()</code> and{' '}
              <code className="font-mono text-[13px]">reset()</code>, and listen for the{' '}
              <code className="font-mono text-[13px]">askwell:open</code>,{' '}
              <code className="font-mono text-[13px]">askwell:close</code>,{' '}
              <code className="font-mono text-[13px]">askwell:message</code> and{' '}
              <code className="font-mono text-[13px]">askwell:lead</code> events on{' '}
              <code className="font-mono text-[13px]">window</code>.
            </p>
            <CodeBlock
              language="JavaScript"
              title="Open the chat from your own button"
              code={`document.querySelector('#help').addEventListener('click', () => window.Askwell.open());\nwindow.addEventListener('askwell:lead', (event) => console.log('New lead', event.detail));`}
            />
          </div>
        </Panel>

        <Panel
          title="Guides"
          description="Step-by-step instructions for popular platforms."
          icon={<BookOpen className="size-5" aria-hidden="true" />}
        >
          <ul className="grid grid-cols-1 gap-3 p-5 sm:grid-cols-2 sm:p-6">
            {(Object.keys(guides) as GuideId[]).map((id) => (
              <li key={id}>
                <Link
                  to={hrefWith('guide', id)}
                  className="block h-full rounded-xl p-4 ring-1 ring-slate-200 transition hover:bg-slate-50 hover:ring-brand-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                >
                  <span className="block text-sm font-semibold text-brand-800">
                    {id === 'wordpress' ? 'WordPress guide' : 'Shopify guide'}
                  </span>
                  <span className="mt-1 block text-sm text-slate-600">{guides[id].summary}</span>
                </Link>
              </li>
            ))}
          </ul>
        </Panel>
      </div>
    </div>
  );
}
