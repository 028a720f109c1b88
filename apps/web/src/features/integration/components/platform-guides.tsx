import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { CodeBlock } from '@/components/ui/code-block';
import { Panel } from '@/components/ui/panel';

export type GuideId = 'wordpress' | 'shopify';

export const guides: Record<GuideId, { title: string; summary: string }> = {
  wordpress: {
    title: 'Add the chatbot to WordPress',
    summary: 'With the free WPCode plugin, or a Custom HTML block in a block theme.',
  },
  shopify: {
    title: 'Add the chatbot to Shopify',
    summary: 'Paste the embed code into your theme’s layout file once.',
  },
};

const kbd = 'rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[13px] text-slate-900';

function Steps({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ol
      aria-label={label}
      className="list-decimal space-y-4 pl-6 text-sm leading-6 text-slate-700 marker:font-semibold marker:text-brand-800"
    >
      {children}
    </ol>
  );
}

function DomainStep({ botHref, examples }: { botHref: string; examples: string }) {
  return (
    <li>
      <strong className="text-slate-900">Allow your site.</strong> Open{' '}
      <Link to={botHref} className="font-medium text-brand-800 underline underline-offset-2">
        your chatbot’s Widget Appearance tab
      </Link>
      , add your shop’s domains under <em>Allowed domains</em> (for example {examples}) and save.
      Without this the widget tells visitors that chat is not available on the site.
    </li>
  );
}

type GuideProps = { guide: GuideId; snippet: string; botHref: string; backHref: string };

// In-app pages with the exact clicks, so an owner never has to leave Askwell to install the bot.
export function PlatformGuide({ guide, snippet, botHref, backHref }: GuideProps) {
  return (
    <div className="space-y-6">
      <Link
        to={backHref}
        className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to Website Integration
      </Link>
      <Panel title={guides[guide].title} description={guides[guide].summary}>
        <div className="space-y-6 p-5 sm:p-6">
          {guide === 'wordpress' ? (
            <>
              <Steps label="Steps for WordPress">
                <DomainStep botHref={botHref} examples="example.com and www.example.com" />
                <li>
                  Copy your embed code:
                  <div className="mt-2">
                    <CodeBlock language="HTML" title="Embed code" code={snippet} />
                  </div>
                </li>
                <li>
                  In your WordPress admin, go to{' '}
                  <span className={kbd}>Plugins → Add New Plugin</span>, search for{' '}
                  <strong>WPCode</strong>, then click <strong>Install Now</strong> and{' '}
                  <strong>Activate</strong> on “WPCode – Insert Headers and Footers”.
                </li>
                <li>
                  Go to <span className={kbd}>Code Snippets → Header &amp; Footer</span>.
                </li>
                <li>
                  Paste the embed code into the <strong>Footer</strong> box and click{' '}
                  <strong>Save Changes</strong>.
                </li>
                <li>
                  Open your site in a new tab: the chat button appears in the bottom corner of every
                  page. If a caching plugin is active, clear its cache first.
                </li>
              </Steps>
              <div className="rounded-xl bg-slate-50 p-4 text-sm leading-6 text-slate-700 ring-1 ring-slate-200">
                <h3 className="font-semibold text-slate-900">Without a plugin (block themes)</h3>
                <p className="mt-1">
                  Go to <span className={kbd}>Appearance → Editor → Patterns → Footer</span>, click
                  the footer, add a <strong>Custom HTML</strong> block, paste the embed code and
                  click <strong>Save</strong>. Only administrators can save scripts in a Custom HTML
                  block.
                </p>
              </div>
            </>
          ) : (
            <>
              <Steps label="Steps for Shopify">
                <DomainStep
                  botHref={botHref}
                  examples="your-store.myshopify.com and www.your-store.com"
                />
                <li>
                  Copy your embed code:
                  <div className="mt-2">
                    <CodeBlock language="HTML" title="Embed code" code={snippet} />
                  </div>
                </li>
                <li>
                  In your Shopify admin, go to <span className={kbd}>Online Store → Themes</span>.
                </li>
                <li>
                  Next to your current theme, click the <strong>…</strong> button, then{' '}
                  <strong>Edit code</strong>.
                </li>
                <li>
                  In the <span className={kbd}>Layout</span> folder, open{' '}
                  <span className={kbd}>theme.liquid</span>.
                </li>
                <li>
                  Find the closing <span className={kbd}>&lt;/body&gt;</span> tag (press Ctrl+F or
                  ⌘F), paste the embed code on the line just above it and click{' '}
                  <strong>Save</strong>.
                </li>
                <li>
                  Open your store: the chat button appears on every storefront page. Shopify does
                  not run theme scripts on its checkout pages, so the chat is not shown there.
                </li>
              </Steps>
            </>
          )}
        </div>
      </Panel>
    </div>
  );
}
