import { planDefinitions } from '@askwell/shared';
import clsx from 'clsx';
import { Braces, KeyRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { CodeBlock } from '@/components/ui/code-block';
import { Container } from '@/components/ui/container';
import {
  errorResponses,
  fieldsOf,
  jsonSchemaOf,
  operationById,
  operations,
  publicApiDocument,
  type ApiField,
} from '@/features/api-docs/lib/public-api-document';
import { siteOrigin } from '@/lib/origin';

const sections = [
  { id: 'overview', label: 'Overview' },
  { id: 'authentication', label: 'Authentication' },
  { id: 'chat', label: 'Send a message' },
  { id: 'streaming', label: 'Streaming' },
  { id: 'chat-completions', label: 'OpenAI-compatible' },
  { id: 'errors', label: 'Errors' },
  { id: 'rate-limits', label: 'Rate limits' },
  { id: 'widget', label: 'Widget endpoints' },
  { id: 'openapi', label: 'OpenAPI document' },
] as const;

type SectionId = (typeof sections)[number]['id'];

// The fields, types and errors below come from the generated OpenAPI document, so they cannot
// drift from what the API accepts and returns.
const chatOperation = operationById(publicApiDocument, 'chat');
const completionsOperation = operationById(publicApiDocument, 'chatCompletions');
const chatResponse = jsonSchemaOf(chatOperation.responses['200']?.content);
const widgetTag = 'Widget';
const widgetOperations = operations(publicApiDocument).filter((operation) =>
  operation.tags?.includes(widgetTag),
);
const widgetDescription = publicApiDocument.tags.find((tag) => tag.name === widgetTag)?.description;

function DocSection({
  id,
  title,
  children,
}: {
  id: SectionId;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24 space-y-5">
      <h2
        id={`${id}-title`}
        className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl"
      >
        {title}
      </h2>
      {children}
    </section>
  );
}

function SubHeading({ children }: { children: ReactNode }) {
  return <h3 className="pt-2 text-base font-semibold text-slate-900">{children}</h3>;
}

function Prose({ children }: { children: ReactNode }) {
  return <div className="space-y-4 text-[15px] leading-7 text-slate-700">{children}</div>;
}

function C({ children }: { children: ReactNode }) {
  return (
    <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[13px] break-words text-slate-900">
      {children}
    </code>
  );
}

// Descriptions in the document mark code with backticks.
function Described({ text }: { text: string }) {
  return text.split('`').map((part, index) => (index % 2 === 1 ? <C key={index}>{part}</C> : part));
}

function Endpoint({ method, path }: { method: string; path: string }) {
  return (
    <p className="flex flex-wrap items-center gap-2 font-mono text-sm">
      <span
        className={clsx(
          'rounded-md px-2 py-0.5 text-xs font-bold tracking-wide',
          method === 'POST' ? 'bg-brand-800 text-white' : 'bg-emerald-700 text-white',
        )}
      >
        {method}
      </span>
      <span className="font-semibold break-all text-slate-900">{path}</span>
    </p>
  );
}

type Row = { cells: ReactNode[]; key: string };

// On a phone each row becomes a small card with the column names as labels, so nothing is cut off;
// the explicit roles keep the table semantics that a change of display would otherwise drop.
function Table({ caption, head, rows }: { caption: string; head: string[]; rows: Row[] }) {
  return (
    <div
      className="overflow-x-auto rounded-xl ring-1 ring-slate-200"
      role="region"
      aria-label={caption}
    >
      <table role="table" className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase max-sm:hidden">
          <tr role="row">
            {head.map((cell) => (
              <th key={cell} role="columnheader" scope="col" className="px-4 py-3">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white align-top text-slate-700 max-sm:block">
          {rows.map((row) => (
            <tr key={row.key} role="row" className="max-sm:block max-sm:py-3">
              {row.cells.map((cell, index) => (
                <td
                  key={index}
                  role="cell"
                  data-label={head[index]}
                  className={clsx(
                    'px-4 py-3 max-sm:block max-sm:py-0.5',
                    index === 0
                      ? 'font-mono text-[13px] text-slate-900 max-sm:font-semibold'
                      : 'max-sm:before:mr-2 max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:tracking-wide max-sm:before:text-slate-500 max-sm:before:uppercase max-sm:before:content-[attr(data-label)]',
                  )}
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const fieldRows = (fields: ApiField[], { withRequired }: { withRequired: boolean }): Row[] =>
  fields.map((field) => ({
    key: field.name,
    cells: [
      field.name,
      field.type,
      ...(withRequired ? [field.required ? 'yes' : 'no'] : []),
      <Described key="description" text={field.description} />,
    ],
  }));

export function ApiReference() {
  const baseUrl = siteOrigin();

  const curl = `curl -sS ${baseUrl}/v1/chat \\
  -H "Authorization: Bearer $ASKWELL_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"botId":"YOUR_BOT_ID","message":"What are your opening hours?"}'`;

  const response = `{
  "sessionId": "9b1f0c7e-3a52-4d6e-8f41-2c7d5e9a0b13",
  "conversationId": "0b6c7d1e-5f2a-4c3b-9e8d-7a6f5e4d3c2b",
  "reply": "We are open Monday to Friday, 9:00 to 17:30 [1].",
  "sources": [
    {
      "sourceId": "5d0f6a2e-1c3b-4e9a-8f7d-6c5b4a3e2d1f",
      "title": "store-guide.pdf",
      "page": 3,
      "url": null,
      "snippet": "Opening hours: Monday to Friday, 9:00 to 17:30…"
    }
  ]
}`;

  const streamCurl = `curl -N ${baseUrl}/v1/chat \\
  -H "Authorization: Bearer $ASKWELL_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"botId":"YOUR_BOT_ID","message":"What are your opening hours?","stream":true}'`;

  const streamEvents = `event: start
data: {"type":"start","sessionId":"9b1f…","conversationId":"0b6c…"}

event: token
data: {"type":"token","text":"We are open"}

event: token
data: {"type":"token","text":" Monday to Friday"}

event: done
data: {"type":"done","sessionId":"9b1f…","conversationId":"0b6c…","reply":"We are open Monday to Friday, 9:00 to 17:30 [1].","sources":[…]}`;

  const openaiClient = `import OpenAI from 'openai';

const client = new OpenAI({
  baseURL: '${baseUrl}/v1',
  apiKey: process.env.ASKWELL_API_KEY,
});

const completion = await client.chat.completions.create({
  model: 'YOUR_BOT_ID',
  messages: [{ role: 'user', content: 'What are your opening hours?' }],
});
console.log(completion.choices[0].message.content);

// Streaming works the same way as with OpenAI:
const stream = await client.chat.completions.create({
  model: 'YOUR_BOT_ID',
  messages: [{ role: 'user', content: 'And on Saturdays?' }],
  stream: true,
});
for await (const chunk of stream) process.stdout.write(chunk.choices[0]?.delta?.content ?? '');`;

  const errorBody = `{
  "error": {
    "code": "validation_error",
    "message": "Please check these fields: message.",
    "fields": { "message": "message is required: the text of the question." }
  }
}`;

  return (
    <>
      <section
        aria-labelledby="page-title"
        className="relative isolate overflow-hidden border-b border-slate-200 bg-slate-50 py-14 sm:py-16"
      >
        <div
          className="absolute inset-0 -z-10 bg-[radial-gradient(60%_70%_at_50%_0%,var(--color-brand-100),transparent)]"
          aria-hidden="true"
        />
        <Container>
          <p className="text-sm font-semibold text-brand-800">Developers</p>
          <h1
            id="page-title"
            className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
          >
            API reference
          </h1>
          <p className="mt-3 max-w-2xl text-base leading-7 text-pretty text-slate-600 sm:text-lg">
            Ask your Askwell chatbots questions from your own servers and apps over HTTPS. Answers
            come from each chatbot&apos;s knowledge and cite their sources.
          </p>
          <div className="mt-6 flex max-w-full flex-wrap items-center gap-2 text-sm">
            <span className="font-semibold text-slate-900">Base URL</span>
            <code
              data-testid="docs-base-url"
              className="rounded-lg bg-white px-3 py-1.5 font-mono break-all text-slate-900 ring-1 ring-slate-200"
            >
              {baseUrl}
            </code>
          </div>
        </Container>
      </section>

      <Container className="py-12 lg:py-16">
        <div className="lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-12">
          <nav aria-label="On this page" className="mb-10 lg:mb-0">
            <div className="lg:sticky lg:top-24">
              <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
                On this page
              </p>
              <ul className="mt-3 flex flex-wrap gap-2 lg:flex-col lg:gap-1">
                {sections.map((section) => (
                  <li key={section.id}>
                    <a
                      href={`#${section.id}`}
                      className="block rounded-lg px-3 py-1.5 text-sm text-slate-700 ring-1 ring-slate-200 hover:bg-slate-100 hover:text-slate-900 lg:ring-0"
                    >
                      {section.label}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          </nav>

          <div className="min-w-0 space-y-14">
            <DocSection id="overview" title="Overview">
              <Prose>
                <p>
                  The chat API has two ways in: <C>POST /v1/chat</C>, which returns the answer with
                  its sources, and <C>POST /v1/chat/completions</C>, which speaks the OpenAI format
                  so any OpenAI client library can talk to your chatbot. Both take JSON and answer
                  with JSON, or with server-sent events when you ask for a stream.
                </p>
                <p>
                  Each chatbot has an id; find it on the{' '}
                  <Link
                    to="/dashboard/integration?tab=api"
                    className="font-medium text-brand-800 underline underline-offset-2"
                  >
                    Integration page
                  </Link>{' '}
                  of your dashboard, where the examples below are filled in with your own bot.
                </p>
              </Prose>
            </DocSection>

            <DocSection id="authentication" title="Authentication">
              <Prose>
                <p>
                  Every request carries an API key as a bearer token. Create keys in{' '}
                  <Link
                    to="/dashboard/settings#askwell-api-keys"
                    className="font-medium text-brand-800 underline underline-offset-2"
                  >
                    Settings → Askwell API keys
                  </Link>
                  . A key is shown once when it is created; Askwell stores only a hash of it.
                  Revoking a key stops it within seconds.
                </p>
              </Prose>
              <CodeBlock language="HTTP header" code="Authorization: Bearer YOUR_API_KEY" />
              <div className="flex items-start gap-3 rounded-xl bg-amber-50 p-4 text-sm leading-6 text-amber-900 ring-1 ring-amber-200">
                <KeyRound className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
                <p>
                  A key can reach every chatbot on its account. Keep it on your server, never in a
                  web page; for a mobile app, prefer routing questions through your backend, or give
                  the app a key of its own that you can revoke alone.
                </p>
              </div>
            </DocSection>

            <DocSection id="chat" title="Send a message">
              <Endpoint method={chatOperation.method} path={chatOperation.path} />
              <Prose>
                <p>
                  Sends one visitor message to a chatbot and returns its answer. To continue a
                  conversation, send the <C>sessionId</C> of the previous answer with the next
                  message; the chatbot then sees the earlier turns.
                </p>
              </Prose>
              <SubHeading>Request body</SubHeading>
              <Table
                caption="Request body of POST /v1/chat"
                head={['Field', 'Type', 'Required', 'Description']}
                rows={fieldRows(
                  fieldsOf(publicApiDocument, jsonSchemaOf(chatOperation.requestBody?.content)),
                  { withRequired: true },
                )}
              />
              <CodeBlock language="curl" title="Request" code={curl} />
              <SubHeading>Response</SubHeading>
              <Table
                caption="Response of POST /v1/chat"
                head={['Field', 'Type', 'Description']}
                rows={fieldRows(fieldsOf(publicApiDocument, chatResponse), { withRequired: false })}
              />
              <Table
                caption="Each entry of sources"
                head={['Field', 'Type', 'Description']}
                rows={fieldRows(
                  fieldsOf(publicApiDocument, { $ref: '#/components/schemas/ChatSource' }),
                  { withRequired: false },
                )}
              />
              <CodeBlock language="json" title="Response · 200 OK" code={response} />
            </DocSection>

            <DocSection id="streaming" title="Streaming">
              <Prose>
                <p>
                  Add <C>&quot;stream&quot;: true</C> to the body, or send{' '}
                  <C>Accept: text/event-stream</C>, and the answer arrives token by token as
                  server-sent events. Each event has a name, and its <C>data</C> line is a JSON
                  object whose <C>type</C> repeats that name:
                </p>
              </Prose>
              <Table
                caption="Server-sent events of a streamed answer"
                head={['Event', 'Sent', 'Data']}
                rows={[
                  {
                    key: 'start',
                    cells: [
                      'start',
                      'once, first',
                      <>
                        <C>sessionId</C>, <C>conversationId</C>
                      </>,
                    ],
                  },
                  {
                    key: 'token',
                    cells: [
                      'token',
                      'any number of times',
                      <>
                        <C>text</C>: the next piece of the answer
                      </>,
                    ],
                  },
                  {
                    key: 'done',
                    cells: [
                      'done',
                      'once, last',
                      'The whole answer, in the same shape as the JSON response above.',
                    ],
                  },
                  {
                    key: 'error',
                    cells: [
                      'error',
                      'instead of done',
                      <>
                        <C>code</C> and <C>message</C>; the stream ends after it.
                      </>,
                    ],
                  },
                ]}
              />
              <SubHeading>Example</SubHeading>
              <CodeBlock language="curl" title="Request" code={streamCurl} />
              <CodeBlock
                language="text/event-stream"
                title="Response · events"
                code={streamEvents}
              />
              <Prose>
                <p>
                  Errors found before the answer starts (a bad key, an unknown bot, a rate limit)
                  come back as ordinary JSON errors with their HTTP status, not as a stream.
                </p>
              </Prose>
            </DocSection>

            <DocSection id="chat-completions" title="OpenAI-compatible endpoint">
              <Endpoint method={completionsOperation.method} path={completionsOperation.path} />
              <Prose>
                <p>
                  Accepts the OpenAI Chat Completions format, so existing OpenAI clients and tools
                  work by changing their base URL to <C>{`${baseUrl}/v1`}</C>. Set <C>model</C> to
                  the chatbot&apos;s id. The last message must come from the user; earlier{' '}
                  <C>user</C> and <C>assistant</C> messages are used as context, and <C>system</C>{' '}
                  messages are ignored: the chatbot keeps its own instructions.
                </p>
                <p>
                  The answer&apos;s sources are appended to the message text under
                  &quot;Sources:&quot;; the full JSON answer is also returned in an extra{' '}
                  <C>askwell</C> field. With <C>stream: true</C> the response is OpenAI&apos;s{' '}
                  <C>chat.completion.chunk</C> events ending in <C>data: [DONE]</C>. The{' '}
                  <C>X-Askwell-Session-Id</C> response header carries the session; send it back as a
                  request header to continue the same conversation.
                </p>
              </Prose>
              <CodeBlock
                language="JavaScript"
                title="Node.js · official openai package"
                code={openaiClient}
              />
            </DocSection>

            <DocSection id="errors" title="Errors">
              <Prose>
                <p>
                  Errors are JSON with a stable <C>code</C> and a <C>message</C> written for people.
                  For invalid input, <C>fields</C> names each bad field. Server errors never include
                  internal details.
                </p>
              </Prose>
              <CodeBlock language="json" title="Error · 400 Bad Request" code={errorBody} />
              <Table
                caption="Error statuses and codes"
                head={['Status', 'Code and when']}
                rows={errorResponses(chatOperation).map(({ status, description }) => ({
                  key: status,
                  cells: [status, <Described key="description" text={description} />],
                }))}
              />
            </DocSection>

            <DocSection id="rate-limits" title="Rate limits">
              <Prose>
                <p>
                  Each API key may send <strong>60 requests a minute</strong>, and each chatbot
                  accepts <strong>300 requests a minute</strong> across all keys. Past a limit the
                  API answers <C>429</C> with a <C>Retry-After</C> header giving the seconds to
                  wait. Self-hosted installations set these limits with{' '}
                  <C>CHAT_RATE_LIMIT_PER_KEY</C> and <C>CHAT_RATE_LIMIT_PER_BOT</C>.
                </p>
                <p>
                  Plan limits are apart from these: the chat API is part of Premium (and the trial),
                  and every answered message counts towards the account&apos;s{' '}
                  <strong>
                    {planDefinitions.premium.limits.messagesPerMonth.toLocaleString('en')} messages
                    a month
                  </strong>{' '}
                  (UTC month). Past a plan limit the API answers <C>402</C> with the code{' '}
                  <C>quota_exceeded</C> and a message naming the limit and how to raise it.
                </p>
              </Prose>
            </DocSection>

            <DocSection id="widget" title="Widget endpoints">
              <Prose>
                <p>
                  {widgetDescription} You do not call them yourself: the script tag from the
                  Integration page does. They are listed so that you can recognise them in your
                  site&apos;s network traffic and content security policy.
                </p>
              </Prose>
              <Table
                caption="Widget endpoints"
                head={['Method', 'Path']}
                rows={widgetOperations.map((operation) => ({
                  key: `${operation.method} ${operation.path}`,
                  cells: [
                    operation.method,
                    <span key="path" className="font-mono text-[13px] break-all">
                      {operation.path}
                    </span>,
                  ],
                }))}
              />
            </DocSection>

            <DocSection id="openapi" title="OpenAPI document">
              <Prose>
                <p>
                  The API is described in OpenAPI 3.1 for Postman, Insomnia or client generators.
                </p>
              </Prose>
              <a
                href={`${baseUrl}/v1/openapi.json`}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-3 rounded-xl bg-white p-4 text-sm ring-1 ring-slate-200 hover:bg-slate-50 hover:ring-brand-300"
              >
                <Braces className="size-5 text-brand-800" aria-hidden="true" />
                <span>
                  <span className="block font-semibold text-slate-900">GET /v1/openapi.json</span>
                  <span className="block text-slate-600">Opens in a new tab</span>
                </span>
              </a>
            </DocSection>
          </div>
        </div>
      </Container>
    </>
  );
}
