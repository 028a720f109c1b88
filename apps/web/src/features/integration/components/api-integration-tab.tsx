import {
  BookOpen,
  Braces,
  ExternalLink,
  KeyRound,
  Link2,
  MessageSquare,
  Smartphone,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';

import { ButtonLink } from '@/components/ui/button';
import { CodeBlock } from '@/components/ui/code-block';
import { CopyButton } from '@/components/ui/copy-button';
import { controlStyles, FormField } from '@/components/ui/form-field';
import { Panel } from '@/components/ui/panel';
import { useBots } from '@/hooks/use-bots';
import { countOf } from '@/lib/format';

import { useActiveApiKeyCount } from '../api/get-api-keys';

import { ChatbotField } from './chatbot-field';
import {
  apiKeyVariable,
  curlSnippet,
  exampleResponse,
  exportSnippet,
  javascriptSnippet,
  kotlinSnippet,
  swiftSnippet,
} from '../lib/snippets';
import { CodeTabs } from './code-tabs';

const defaultMessage = 'What can you help me with?';
const placeholderBotId = 'YOUR_BOT_ID';

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-3 sm:gap-4">
      <span
        aria-hidden="true"
        className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-semibold text-brand-800 ring-1 ring-brand-100"
      >
        {number}
      </span>
      <div className="min-w-0 flex-1 space-y-3">
        <h3 className="pt-0.5 text-sm font-semibold text-slate-900">{title}</h3>
        {children}
      </div>
    </li>
  );
}

function KeyStatus() {
  const count = useActiveApiKeyCount();
  if (count.isPending || count.isError) return null;
  return (
    <p data-testid="api-key-count" className="text-sm text-slate-600">
      {count.data === 0
        ? 'You have no active API key yet.'
        : `You have ${countOf(count.data, 'active API key')}.`}
    </p>
  );
}

export function ApiIntegrationTab() {
  const baseUrl = window.location.origin;
  const bots = useBots();
  // The same ?bot= as the Website tab, so the chosen chatbot stays chosen across both tabs.
  const [params, setParams] = useSearchParams();
  const chosenBotId = params.get('bot');
  const setChosenBotId = (id: string) =>
    setParams(
      (current) => {
        current.set('bot', id);
        return current;
      },
      { replace: true, preventScrollReset: true },
    );
  const [message, setMessage] = useState(defaultMessage);

  const botList = bots.data ?? [];
  const bot = botList.find((item) => item.id === chosenBotId) ?? botList[0] ?? null;
  const botId = bot?.id ?? placeholderBotId;
  const snippetInput = { baseUrl, botId, message: message.trim() || defaultMessage };

  return (
    <div className="space-y-6">
      <Panel
        title="Authentication"
        description="Every request carries one of your Askwell API keys."
        icon={<KeyRound className="size-5" aria-hidden="true" />}
      >
        <div className="space-y-4 p-5 sm:p-6">
          <p className="text-sm leading-6 text-slate-700">
            Send the key in the <code className="font-mono text-[13px]">Authorization</code> header
            as a bearer token. A key can reach every chatbot on your account, so keep it on your
            server: do not put it in web pages or in apps you publish, where anyone could read it.
          </p>
          <CodeBlock language="HTTP header" code="Authorization: Bearer YOUR_API_KEY" />
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <KeyStatus />
            <ButtonLink to="/dashboard/settings#askwell-api-keys" size="sm" variant="secondary">
              <KeyRound className="size-4" aria-hidden="true" />
              Create an API key in Settings
            </ButtonLink>
          </div>
        </div>
      </Panel>

      <Panel
        title="Base URL"
        description="All chat API endpoints live under this address."
        icon={<Link2 className="size-5" aria-hidden="true" />}
      >
        <div className="space-y-4 p-5 sm:p-6">
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <code
              data-testid="api-base-url"
              className="block min-w-0 flex-1 rounded-lg bg-slate-50 px-3 py-2.5 font-mono text-sm break-all text-slate-900 ring-1 ring-slate-200"
            >
              {baseUrl}
            </code>
            <CopyButton text={baseUrl} label="Copy base URL" />
          </div>
          <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
            {[
              ['POST /v1/chat', 'Send a message, get the reply and its sources'],
              ['POST /v1/chat/completions', 'OpenAI-compatible: use any OpenAI client'],
              ['GET /v1/openapi.json', 'Machine-readable description'],
            ].map(([endpoint, text]) => (
              <div key={endpoint} className="rounded-lg p-3 ring-1 ring-slate-200">
                <dt className="font-mono text-[13px] font-semibold break-words text-slate-900">
                  {endpoint}
                </dt>
                <dd className="mt-1 text-slate-600">{text}</dd>
              </div>
            ))}
          </dl>
        </div>
      </Panel>

      <Panel
        title="Example request"
        description="Ask one of your chatbots a question from a terminal."
        icon={<MessageSquare className="size-5" aria-hidden="true" />}
      >
        <div className="space-y-6 p-5 sm:p-6">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <ChatbotField
              id="api-example-bot"
              loading={bots.isPending}
              bots={botList}
              selected={bot}
              onSelect={(botId) => setChosenBotId(botId)}
              emptyHint="and its id appears in the examples."
            />
            <FormField id="api-example-message" label="Message">
              {(a11y) => (
                <input
                  {...a11y}
                  type="text"
                  maxLength={4000}
                  value={message}
                  onChange={(event) => setMessage(event.target.value)}
                  className={controlStyles(false)}
                />
              )}
            </FormField>
          </div>

          <ol aria-label="Steps to send the example request" className="space-y-6">
            <Step number={1} title="Put your API key in an environment variable">
              <CodeBlock language="shell" code={exportSnippet()} />
            </Step>
            <Step number={2} title="Send a message">
              <CodeTabs
                idPrefix="api-example"
                label="Example language"
                samples={[
                  {
                    id: 'curl',
                    label: 'curl',
                    language: 'curl',
                    title: 'curl · terminal',
                    code: curlSnippet(snippetInput),
                    testId: 'curl-example',
                  },
                  {
                    id: 'javascript',
                    label: 'JavaScript',
                    language: 'JavaScript',
                    title: 'JavaScript · fetch',
                    code: javascriptSnippet(snippetInput),
                  },
                ]}
              />
            </Step>
            <Step number={3} title="Read the reply">
              <p className="text-sm leading-6 text-slate-700">
                The answer comes back as JSON with the <code className="font-mono">reply</code>, the{' '}
                <code className="font-mono">sources</code> it was drawn from, and a{' '}
                <code className="font-mono">sessionId</code>: send that back with the next message
                to continue the conversation. Add{' '}
                <code className="font-mono">&quot;stream&quot;: true</code> to receive the reply
                token by token as server-sent events.
              </p>
              <CodeBlock language="json" title="Example response" code={exampleResponse()} />
            </Step>
          </ol>
        </div>
      </Panel>

      <Panel
        title="Mobile apps"
        description="The chat API is plain HTTPS and JSON: no SDK to install."
        icon={<Smartphone className="size-5" aria-hidden="true" />}
      >
        <div className="space-y-5 p-5 sm:p-6">
          <p className="text-sm leading-6 text-slate-700">
            The safest set-up routes the app's questions through your own backend, which adds the
            API key (kept in its <code className="font-mono">{apiKeyVariable}</code> environment
            variable). If the app calls Askwell directly, use a key made only for that app so you
            can revoke it on its own.
          </p>
          <CodeTabs
            idPrefix="api-mobile"
            label="Mobile platform"
            samples={[
              {
                id: 'ios',
                label: 'iOS · Swift',
                language: 'Swift',
                title: 'iOS · Swift (URLSession)',
                code: swiftSnippet(snippetInput),
              },
              {
                id: 'android',
                label: 'Android · Kotlin',
                language: 'Kotlin',
                title: 'Android · Kotlin (OkHttp)',
                code: kotlinSnippet(snippetInput),
              },
            ]}
          />
        </div>
      </Panel>

      <Panel
        title="Help"
        description="Everything the API can do, with every field and error."
        icon={<BookOpen className="size-5" aria-hidden="true" />}
      >
        <ul className="grid grid-cols-1 gap-3 p-5 sm:grid-cols-2 sm:p-6">
          <li>
            <Link
              to="/docs/api"
              className="flex h-full items-start gap-3 rounded-xl p-4 ring-1 ring-slate-200 transition-colors hover:bg-slate-50 hover:ring-brand-300"
            >
              <BookOpen className="mt-0.5 size-5 shrink-0 text-brand-800" aria-hidden="true" />
              <span>
                <span className="block text-sm font-semibold text-slate-900">API reference</span>
                <span className="block text-sm text-slate-600">
                  Endpoints, streaming, errors and rate limits.
                </span>
              </span>
            </Link>
          </li>
          <li>
            <a
              href={`${baseUrl}/v1/openapi.json`}
              target="_blank"
              rel="noreferrer"
              className="flex h-full items-start gap-3 rounded-xl p-4 ring-1 ring-slate-200 transition-colors hover:bg-slate-50 hover:ring-brand-300"
            >
              <Braces className="mt-0.5 size-5 shrink-0 text-brand-800" aria-hidden="true" />
              <span>
                <span className="flex items-center gap-1.5 text-sm font-semibold text-slate-900">
                  OpenAPI JSON
                  <ExternalLink className="size-3.5" aria-hidden="true" />
                  <span className="sr-only">(opens in a new tab)</span>
                </span>
                <span className="block text-sm text-slate-600">
                  Import it into Postman or generate a client from it.
                </span>
              </span>
            </a>
          </li>
        </ul>
      </Panel>
    </div>
  );
}
