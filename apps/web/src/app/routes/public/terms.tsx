import { DocPage, DocSection, Prose, TextLink } from '@/components/ui/doc-page';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

const sections = [
  { id: 'service', label: 'The service' },
  { id: 'account', label: 'Your account' },
  { id: 'plans', label: 'Plans and the trial' },
  { id: 'your-content', label: 'Your content' },
  { id: 'visitors', label: 'Your visitors' },
  { id: 'acceptable-use', label: 'Acceptable use' },
  { id: 'api', label: 'API keys and limits' },
  { id: 'answers', label: 'AI answers' },
  { id: 'ending', label: 'Ending the service' },
  { id: 'changes', label: 'Changes and contact' },
] as const;

export function TermsRoute() {
  useDocumentTitle('Terms of service');

  return (
    <DocPage
      eyebrow="Legal"
      title="Terms of service"
      intro={
        <p>
          The rules for using Askwell to build chatbots, put them on your website and talk to your
          visitors. By creating an account you agree to them.
        </p>
      }
      sections={sections}
    >
      <DocSection id="service" title="The service">
        <Prose>
          <p>
            Askwell lets you create chatbots, train them on documents, websites and Q&amp;A that you
            provide, embed them on your websites with a script tag or call them through the chat
            API, and collect the leads your visitors leave. It is provided as it is at any given
            time; features described on the <TextLink to={paths.features}>features</TextLink> and{' '}
            <TextLink to={paths.pricing}>pricing</TextLink> pages are the ones offered.
          </p>
        </Prose>
      </DocSection>

      <DocSection id="account" title="Your account">
        <Prose>
          <ul>
            <li>
              Sign up with your real name and an e-mail address you can read: the account is usable
              once you enter the code sent to it.
            </li>
            <li>
              Keep your password to yourself. You are responsible for what is done with your
              account; reset your password at once if you think someone else knows it (a reset signs
              out every session).
            </li>
            <li>
              Each chatbot, document, conversation, lead and key belongs to the account that created
              it, and no other customer can reach it.
            </li>
          </ul>
        </Prose>
      </DocSection>

      <DocSection id="plans" title="Plans and the trial">
        <Prose>
          <p>
            The plans and their prices are listed on the{' '}
            <TextLink to={paths.pricing}>pricing page</TextLink>. A new account starts a 14-day free
            trial with full feature access and no credit card. Plans for larger volumes are agreed
            with our <TextLink to={paths.contact}>sales team</TextLink>.
          </p>
        </Prose>
      </DocSection>

      <DocSection id="your-content" title="Your content">
        <Prose>
          <p>
            What you upload or point Askwell at stays yours. You allow Askwell to store it, read it,
            split it into passages and use those passages to answer your visitors, and nothing else.
            Only upload documents and add websites you have the right to use this way. Removing a
            document, website or chatbot deletes its knowledge.
          </p>
          <p>
            If you set up your own model provider (OpenAI, Anthropic, Google or another
            OpenAI-compatible endpoint), questions and the passages found for them are sent to it
            under your agreement with that provider.
          </p>
        </Prose>
      </DocSection>

      <DocSection id="visitors" title="Your visitors">
        <Prose>
          <p>
            You decide where your chatbot runs (its allowed domains) and what it collects. Tell your
            visitors that they are chatting with an AI and how you use their conversations and
            contact details, for example in your own privacy notice. The contact form in the chat
            window asks for their consent before a lead is stored.
          </p>
          <p>
            When a visitor asks you to delete their data, use &lsquo;Delete visitor&apos;s
            data&rsquo; in your Conversations page; see the{' '}
            <TextLink to={`${paths.privacy}#deleting-visitor-data`}>privacy policy</TextLink>.
          </p>
        </Prose>
      </DocSection>

      <DocSection id="acceptable-use" title="Acceptable use">
        <Prose>
          <p>Do not use Askwell to:</p>
          <ul>
            <li>break the law, or infringe anyone&apos;s rights in the content you upload;</li>
            <li>
              send spam, collect people&apos;s details without their consent, or pretend to be
              someone else;
            </li>
            <li>
              get around the limits and checks of the service (rate limits, allowed domains, other
              customers&apos; data), or attack the service or other people&apos;s systems through
              it, including with the website crawler.
            </li>
          </ul>
        </Prose>
      </DocSection>

      <DocSection id="api" title="API keys and limits">
        <Prose>
          <p>
            API keys are secrets: keep them on your servers, never in a web page. A key is shown
            once; revoke it in Settings if it may have leaked. Requests are rate limited per key and
            per chatbot; the limits are described in the{' '}
            <TextLink to={paths.apiReference}>API reference</TextLink>.
          </p>
        </Prose>
      </DocSection>

      <DocSection id="answers" title="AI answers">
        <Prose>
          <p>
            Answers are written from your chatbot&apos;s knowledge and cite the passages they rely
            on, but a model can still be wrong or incomplete. Check what your chatbot says before
            you rely on it for anything important, and keep the message it sends when it has no
            answer pointing visitors to a person who can help.
          </p>
        </Prose>
      </DocSection>

      <DocSection id="ending" title="Ending the service">
        <Prose>
          <p>
            You can stop using Askwell at any time and ask us to close your account through the{' '}
            <TextLink to={paths.contact}>contact page</TextLink>; closing it deletes its chatbots,
            knowledge, conversations, leads and keys. We may suspend an account that breaks these
            terms, and will tell you why.
          </p>
        </Prose>
      </DocSection>

      <DocSection id="changes" title="Changes and contact">
        <Prose>
          <p>
            When these terms change, the new version is published on this page. Questions about them
            are welcome through the <TextLink to={paths.contact}>contact page</TextLink>.
          </p>
        </Prose>
      </DocSection>
    </DocPage>
  );
}
