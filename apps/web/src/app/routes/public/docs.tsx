import { CodeBlock } from '@/components/ui/code-block';
import {
  Code,
  DocPage,
  DocSection,
  DocSubheading,
  Prose,
  TextLink,
} from '@/components/ui/doc-page';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { siteOrigin } from '@/lib/origin';

const sections = [
  { id: 'overview', label: 'Overview' },
  { id: 'account', label: 'Create your account' },
  { id: 'chatbot', label: 'Create a chatbot' },
  { id: 'knowledge', label: 'Add knowledge' },
  { id: 'training', label: 'Train and test' },
  { id: 'models', label: 'Choose a model' },
  { id: 'widget', label: 'Put it on your website' },
  { id: 'leads', label: 'Leads and conversations' },
  { id: 'api', label: 'Use the API' },
  { id: 'guides', label: 'Guides' },
] as const;

export function DocsRoute() {
  useDocumentTitle('Documentation');
  const origin = siteOrigin();

  const snippet = `<script
  src="${origin}/widget.js"
  data-bot-id="YOUR-BOT-ID"
  data-position="bottom-right"
  data-theme="light"
  async
></script>`;

  const curl = `curl -s ${origin}/v1/chat \\
  -H "Authorization: Bearer $ASKWELL_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"botId": "YOUR-BOT-ID", "message": "What is your refund policy?"}'`;

  const widgetApi = `window.Askwell.open(); // also close(), toggle(), and reset() for a new conversation
window.addEventListener('askwell:lead', (event) => console.log(event.detail)); // {name, email}`;

  const verify = `import { createHmac, timingSafeEqual } from 'node:crypto';

export function isFromAskwell(rawBody, header, secret, toleranceSeconds = 300) {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2)));
  const timestamp = Number(parts.t);
  if (!parts.v1 || Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(\`\${parts.t}.\${rawBody}\`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}`;

  return (
    <DocPage
      eyebrow="Documentation"
      title="Getting started with Askwell"
      intro={
        <p>
          From a new account to a chatbot that answers visitors on your website, captures leads and
          can be called from your own apps.
        </p>
      }
      sections={sections}
    >
      <DocSection id="overview" title="Overview">
        <Prose>
          <p>Askwell has three parts:</p>
          <ul>
            <li>
              <strong>The dashboard</strong> at <Code>/dashboard</Code>, where you create chatbots,
              give them knowledge, read conversations and follow up leads.
            </li>
            <li>
              <strong>The widget</strong>, a chat window you add to any website with one script tag.
            </li>
            <li>
              <strong>The chat API</strong>, for asking the same chatbots from your servers and
              apps; its full reference is the{' '}
              <TextLink to={paths.apiReference}>API reference</TextLink>.
            </li>
          </ul>
        </Prose>
      </DocSection>

      <DocSection id="account" title="Create your account">
        <Prose>
          <ol>
            <li>
              Open <TextLink to={paths.register}>Sign up</TextLink> and enter your full name, e-mail
              and a password of at least 8 characters, or sign up with Google where it is offered.
            </li>
            <li>
              Enter the 6-digit code sent to your e-mail. It is valid for 10 minutes; you can ask
              for a new one.
            </li>
            <li>You land on the dashboard. Your 14-day trial has full feature access.</li>
          </ol>
          <p>
            Forgot your password? <TextLink to="/forgot-password">Reset it</TextLink>: the link in
            the e-mail is valid for one hour and signs out every session.
          </p>
        </Prose>
      </DocSection>

      <DocSection id="chatbot" title="Create a chatbot">
        <Prose>
          <p>
            In <strong>Chatbots</strong>, choose <strong>Create</strong>. The editor has four tabs,
            with Next and Previous to move between them and <strong>Save</strong> in the header:
          </p>
          <ul>
            <li>
              <strong>Basic Information</strong>: the name (required, at most 80 characters) and a
              description.
            </li>
            <li>
              <strong>Personality &amp; Goals</strong>: the goal (Lead Generation, Product
              Recommendation, Customer Support or Information Sharing), the tone, your instructions,
              up to 6 starter questions, and the message sent when the knowledge has no answer.
            </li>
            <li>
              <strong>Widget Appearance</strong>: colours, font, welcome message, placeholder, the
              domains the chatbot may answer on, and a live preview.
            </li>
            <li>
              <strong>Training</strong>: the chatbot&apos;s sources and their status, and{' '}
              <strong>Start Training</strong>.
            </li>
          </ul>
        </Prose>
      </DocSection>

      <DocSection id="knowledge" title="Add knowledge">
        <Prose>
          <p>
            Open <strong>Documents</strong> and pick the chatbot. A chatbot answers only from what
            you give it here.
          </p>
        </Prose>
        <DocSubheading>Documents</DocSubheading>
        <Prose>
          <p>
            Drop PDF, DOC, DOCX, TXT or Markdown files of up to 10 MB. The type is checked from the
            content, not the name; a refused file is listed with its reason. The Processing Queue
            follows each file live (uploaded, extracting, chunking, indexing, completed). A file
            that cannot be read says why (password-protected, no extractable text, corrupt) and
            offers Retry.
          </p>
        </Prose>
        <DocSubheading>Websites</DocSubheading>
        <Prose>
          <p>
            Enter an address and a re-sync schedule (manual, daily or weekly). The crawler reads
            robots.txt and the sitemap, then follows links on the same site, at most 3 links deep
            and 100 pages, and keeps each page&apos;s main content. &lsquo;Sync now&rsquo; re-reads
            the site: changed pages are re-indexed and pages that are gone are removed.
          </p>
        </Prose>
        <DocSubheading>Q&amp;A</DocSubheading>
        <Prose>
          <p>
            Write question and answer pairs in named sets. A visitor who asks that question, or one
            worded closely, gets your answer as you wrote it.
          </p>
        </Prose>
      </DocSection>

      <DocSection id="training" title="Train and test">
        <Prose>
          <p>
            Each source is processed as soon as you add it. The Training tab shows every source
            (Processed, Processing, or Failed with the reason); <strong>Start Training</strong>{' '}
            re-processes failed sources, sources whose content changed and websites. Try the chatbot
            in the live preview on the <strong>Integration</strong> page before you publish it.
          </p>
        </Prose>
      </DocSection>

      <DocSection id="models" title="Choose a model">
        <Prose>
          <p>
            Under <strong>Settings → API Keys</strong>, add a key for OpenAI, Anthropic or Google,
            or a custom OpenAI-compatible endpoint (for example Ollama or vLLM); &lsquo;Test
            connection&rsquo; checks it. Pick the default model under{' '}
            <strong>Model Preferences</strong>; a chatbot can override it. Saved keys are encrypted
            and only shown masked.
          </p>
          <p>
            Without a provider, a built-in answerer replies with the best passages from your
            knowledge, quoted and cited, under a line saying so. When nothing relevant is found,
            your message for unanswered questions is sent.
          </p>
        </Prose>
      </DocSection>

      <DocSection id="widget" title="Put it on your website">
        <Prose>
          <ol>
            <li>
              In the chatbot&apos;s <strong>Widget Appearance</strong> tab, add your site under
              allowed domains: <Code>example.com</Code> (that host, any port),{' '}
              <Code>*.example.com</Code> (every subdomain) or <Code>localhost:3000</Code>. On any
              other site the widget says &ldquo;Chat is not available on this site&rdquo;.
            </li>
            <li>
              Copy the snippet from <strong>Integration → Website Integration</strong> and paste it
              just before <Code>&lt;/body&gt;</Code>:
            </li>
          </ol>
        </Prose>
        <CodeBlock language="HTML" code={snippet} />
        <Prose>
          <p>
            <Code>data-position</Code> is <Code>bottom-right</Code> or <Code>bottom-left</Code>;{' '}
            <Code>data-theme</Code> is <Code>light</Code> or <Code>dark</Code>. The widget lives in
            its own Shadow DOM, so your CSS and its CSS never touch. Its texts follow the
            visitor&apos;s browser language (English, Spanish, German, French). Once it has loaded,
            you can drive it from your page:
          </p>
        </Prose>
        <CodeBlock language="JavaScript" code={widgetApi} />
      </DocSection>

      <DocSection id="leads" title="Leads and conversations">
        <Prose>
          <p>
            Lead capture is on for Lead Generation chatbots and can be switched on for any other.
            The widget offers a short form (name, e-mail, optional phone, consent) when a visitor
            asks to be contacted, when the chatbot could not answer, or after the number of messages
            you choose.
          </p>
          <ul>
            <li>
              <strong>Leads</strong> lists them with search, filters, a status you set (new,
              contacted, qualified, converted) and &lsquo;Export CSV&rsquo;.
            </li>
            <li>
              <strong>Conversations</strong> shows every transcript with its sources, feedback and
              lead, live as visitors write; it exports to CSV and JSON.
            </li>
          </ul>
        </Prose>
      </DocSection>

      <DocSection id="api" title="Use the API">
        <Prose>
          <p>
            Create a key under <strong>Settings → Askwell API keys</strong> (it is shown once), then
            ask a chatbot:
          </p>
        </Prose>
        <CodeBlock language="curl" code={curl} />
        <Prose>
          <p>
            Send the returned <Code>sessionId</Code> with the next message to continue the
            conversation, or ask for a stream of server-sent events. Any OpenAI client works with{' '}
            <Code>/v1/chat/completions</Code>. The{' '}
            <TextLink to={paths.apiReference}>API reference</TextLink> covers every field, event,
            error and rate limit.
          </p>
        </Prose>
      </DocSection>

      <DocSection id="guides" title="Guides">
        <DocSubheading id="guide-help-centre">Answer from your help centre</DocSubheading>
        <Prose>
          <ol>
            <li>Create a Customer Support chatbot.</li>
            <li>
              In Documents → Websites, add your help centre&apos;s address with a weekly schedule,
              so new articles are picked up on their own.
            </li>
            <li>
              Add your most frequent questions as Q&amp;A pairs, so they get your exact wording.
            </li>
            <li>
              Read the conversations marked as not answered each week and add what was missing.
            </li>
          </ol>
        </Prose>

        <DocSubheading id="guide-wordpress-shopify">
          Add the chatbot to WordPress or Shopify
        </DocSubheading>
        <Prose>
          <p>
            Allow your shop&apos;s domain in the Widget Appearance tab, then open{' '}
            <strong>Integration → Website Integration</strong>, which has step-by-step pages for
            WordPress (with the WPCode plugin or a Custom HTML block) and Shopify (in the
            theme&apos;s layout file), with your own snippet filled in.
          </p>
        </Prose>

        <DocSubheading id="guide-webhooks">Send new leads to your CRM</DocSubheading>
        <Prose>
          <p>
            On the Leads page, choose a chatbot and enter an http(s) address. Every new lead is
            POSTed there as JSON with the event <Code>lead.created</Code>; &lsquo;Send test
            event&rsquo; sends <Code>webhook.test</Code>. Failed deliveries are retried up to 6 more
            times with growing delays, and the delivery log shows each attempt. Each request is
            signed in the <Code>Askwell-Signature</Code> header; check it against the raw body
            before you trust it:
          </p>
        </Prose>
        <CodeBlock language="Node.js" code={verify} />

        <DocSubheading id="guide-privacy-request">
          Handle a visitor&apos;s deletion request
        </DocSubheading>
        <Prose>
          <p>
            Open <strong>Conversations</strong>, find one of the visitor&apos;s conversations (by
            text, date or lead) and choose <strong>Delete visitor&apos;s data</strong>. Every
            conversation of that visitor with that chatbot and the leads left in them are deleted.
            See the <TextLink to={paths.privacy}>privacy policy</TextLink> for what is stored.
          </p>
        </Prose>
      </DocSection>
    </DocPage>
  );
}
