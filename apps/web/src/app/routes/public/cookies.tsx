import type { ReactNode } from 'react';

import { Code, DocPage, DocSection, Prose, TextLink } from '@/components/ui/doc-page';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

const sections = [
  { id: 'summary', label: 'In short' },
  { id: 'cookies', label: 'Cookies on this site' },
  { id: 'widget-storage', label: 'The chat window' },
  { id: 'control', label: 'Removing them' },
] as const;

type Entry = { name: ReactNode; purpose: ReactNode; lifetime: ReactNode; key: string };

function StorageList({ label, entries }: { label: string; entries: Entry[] }) {
  return (
    <dl aria-label={label} className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
      {entries.map((entry) => (
        <div key={entry.key} className="grid gap-1 px-4 py-3 text-sm sm:grid-cols-[16rem_1fr]">
          <dt className="font-mono text-[13px] break-all text-slate-900">{entry.name}</dt>
          <dd className="leading-6 text-slate-700">
            {entry.purpose} <span className="text-slate-500">Lifetime: {entry.lifetime}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

const cookieEntries: Entry[] = [
  {
    key: 'session',
    name: 'better-auth.session_token',
    purpose: 'Keeps you signed in to the dashboard or the back office. httpOnly, SameSite=Lax.',
    lifetime: '7 days, extended while you use Askwell; removed when you sign out.',
  },
  {
    key: 'state',
    name: 'better-auth.state',
    purpose: 'Set only while you sign in with Google, to tie Google’s answer to your browser.',
    lifetime: '5 minutes.',
  },
];

const widgetEntries: Entry[] = [
  {
    key: 'visitor',
    name: 'askwell:<bot id>:visitor',
    purpose:
      'localStorage: the random visitor id Askwell issued, so the conversation survives reloads and moving between pages of the site.',
    lifetime: 'until the browser’s site data is cleared.',
  },
  {
    key: 'colour',
    name: 'askwell:<bot id>:colour',
    purpose: 'localStorage: the chat button’s colour, so it is painted at once on the next page.',
    lifetime: 'until the browser’s site data is cleared.',
  },
  {
    key: 'dismissed',
    name: 'askwell:<bot id>:lead-dismissed',
    purpose:
      'localStorage: the conversation in which the visitor closed the contact form, so it is not offered again in that conversation.',
    lifetime: 'until the browser’s site data is cleared.',
  },
  {
    key: 'open',
    name: 'askwell:<bot id>:open',
    purpose: 'sessionStorage: whether the chat window was open, to reopen it on the next page.',
    lifetime: 'until the browser tab is closed.',
  },
];

export function CookiePolicyRoute() {
  useDocumentTitle('Cookie policy');

  return (
    <DocPage
      eyebrow="Legal"
      title="Cookie policy"
      intro={
        <p>
          Askwell sets only the cookies it needs to keep you signed in, and its chat window keeps a
          few values in the visitor&apos;s browser. There are no advertising, analytics or
          third-party cookies.
        </p>
      }
      sections={sections}
    >
      <DocSection id="summary" title="In short">
        <Prose>
          <ul>
            <li>Reading the public pages of this website sets no cookie at all.</li>
            <li>Signing in sets one session cookie; signing out removes it.</li>
            <li>
              The chat window on a customer&apos;s website sets no cookie; it keeps a visitor id and
              a few display settings in that website&apos;s browser storage.
            </li>
            <li>
              Fonts and scripts are served by the Askwell server itself; no page loads anything from
              another company.
            </li>
          </ul>
        </Prose>
      </DocSection>

      <DocSection id="cookies" title="Cookies on this site">
        <Prose>
          <p>
            These are strictly necessary for signing in, so they are set without a consent banner.
            On a server reached over HTTPS their names start with <Code>__Secure-</Code>.
          </p>
        </Prose>
        <StorageList label="Cookies" entries={cookieEntries} />
      </DocSection>

      <DocSection id="widget-storage" title="The chat window">
        <Prose>
          <p>
            The chat window that customers put on their websites uses the browser storage of the
            website it runs on, never cookies. What the visitor writes is stored on the Askwell
            server, as the <TextLink to={paths.privacy}>privacy policy</TextLink> describes.
          </p>
        </Prose>
        <StorageList label="Browser storage used by the chat window" entries={widgetEntries} />
      </DocSection>

      <DocSection id="control" title="Removing them">
        <Prose>
          <p>
            Signing out removes the session cookie. Clearing a website&apos;s cookies and site data
            in your browser removes everything listed here; the next chat then starts as a new
            visitor. A visitor who also wants their past conversations deleted from the server can
            ask the business that runs the chatbot, as explained under{' '}
            <TextLink to={`${paths.privacy}#deleting-visitor-data`}>
              deleting a visitor&apos;s data
            </TextLink>
            .
          </p>
        </Prose>
      </DocSection>
    </DocPage>
  );
}
