import { Code, DocPage, DocSection, Prose, TextLink } from '@/components/ui/doc-page';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

const sections = [
  { id: 'who', label: 'Who this covers' },
  { id: 'what-we-store', label: 'What is stored' },
  { id: 'where', label: 'Where it is kept' },
  { id: 'sharing', label: 'Who else receives it' },
  { id: 'retention', label: 'How long it is kept' },
  { id: 'deleting-visitor-data', label: "Deleting a visitor's data" },
  { id: 'security', label: 'How it is protected' },
  { id: 'contact', label: 'Questions and requests' },
] as const;

export function PrivacyRoute() {
  useDocumentTitle('Privacy policy');

  return (
    <DocPage
      eyebrow="Legal"
      title="Privacy policy"
      intro={
        <p>
          What Askwell stores about the businesses that use it and about the people who chat with
          their chatbots, where it is kept, for how long, and how it is deleted.
        </p>
      }
      sections={sections}
    >
      <DocSection id="who" title="Who this covers">
        <Prose>
          <ul>
            <li>
              <strong>Customers</strong>: businesses and people with an Askwell account who build
              chatbots in the dashboard.
            </li>
            <li>
              <strong>Visitors</strong>: people who chat with a customer&apos;s chatbot on the
              customer&apos;s website or app. The customer decides what its chatbot is for and which
              of its visitors&apos; conversations it keeps; Askwell stores and processes them on the
              customer&apos;s behalf.
            </li>
            <li>
              <strong>People who write to us</strong> through the contact-sales form on this
              website.
            </li>
          </ul>
        </Prose>
      </DocSection>

      <DocSection id="what-we-store" title="What is stored">
        <Prose>
          <p>
            <strong>Your account.</strong> Your full name and e-mail address, your password as a
            salted hash (never the password itself), whether your e-mail is verified, and the link
            to your Google account if you sign in with Google. For each signed-in session: when it
            expires, the IP address and the browser&apos;s user agent it was opened from.
          </p>
          <p>
            <strong>Your chatbots and their knowledge.</strong> The settings of each chatbot, the
            files you upload (the original file is kept so you can download or re-process it), the
            text read from them, the pages read from websites you add, and your Q&amp;A pairs.
          </p>
          <p>
            <strong>Your settings and keys.</strong> The model provider keys you enter (OpenAI,
            Anthropic, Google or a custom endpoint) and your webhook signing secrets, encrypted.
            Askwell API keys are stored only as a hash; the key itself is shown to you once.
          </p>
          <p>
            <strong>Conversations with visitors.</strong> Each message a visitor sends and each
            answer with the sources it cited, the address of the page the chat was opened on, the
            visitor&apos;s language, a random visitor id issued by Askwell, and any thumbs up or
            down and comment the visitor gives. A visitor message is stored before it is answered.
          </p>
          <p>
            <strong>Leads.</strong> What a visitor types into a chatbot&apos;s contact form: name,
            e-mail, an optional phone number and their consent to be contacted, with the status the
            customer gives the lead.
          </p>
          <p>
            <strong>Contact-sales messages.</strong> Name, work e-mail, company, your message, and
            the IP address and browser user agent it was sent from.
          </p>
          <p>
            Askwell uses no advertising or analytics trackers. The cookies and browser storage it
            uses are listed in the <TextLink to={paths.cookies}>cookie policy</TextLink>.
          </p>
        </Prose>
      </DocSection>

      <DocSection id="where" title="Where it is kept">
        <Prose>
          <p>
            Everything above is kept in the PostgreSQL database of the Askwell server that runs this
            website. Uploaded files are kept on that server&apos;s disk, in its data directory under{' '}
            <Code>uploads/</Code>, in a folder per account.
          </p>
        </Prose>
      </DocSection>

      <DocSection id="sharing" title="Who else receives it">
        <Prose>
          <p>Askwell does not sell or rent data. It leaves the server only in these cases:</p>
          <ul>
            <li>
              <strong>The customer&apos;s model provider.</strong> When a customer has set up
              OpenAI, Anthropic, Google or another OpenAI-compatible endpoint, each visitor
              question, the previous turn of the conversation and the passages found in the
              chatbot&apos;s knowledge are sent to that provider to write the answer. With no
              provider set up, the answer is written on the Askwell server and nothing is sent out.
            </li>
            <li>
              <strong>The customer&apos;s webhook.</strong> When a customer sets a webhook address,
              each new lead (name, e-mail, phone, status and the chatbot&apos;s name) is sent to it.
            </li>
            <li>
              <strong>E-mail.</strong> Verification codes and password-reset links are sent to your
              address through the mail server Askwell is configured with.
            </li>
            <li>
              <strong>Websites you add</strong> are fetched by Askwell&apos;s crawler, which obeys
              their robots.txt.
            </li>
          </ul>
        </Prose>
      </DocSection>

      <DocSection id="retention" title="How long it is kept">
        <Prose>
          <ul>
            <li>
              <strong>Conversations and leads</strong> are kept until the customer deletes them (one
              conversation, one lead, or everything of one visitor) or deletes the chatbot. There is
              no automatic expiry. A conversation with no new message for 30 minutes is marked as
              ended, which does not delete it; nor does &lsquo;New conversation&rsquo; in the chat
              window.
            </li>
            <li>
              <strong>Knowledge</strong> is kept until the customer removes the document, website or
              Q&amp;A set, or deletes the chatbot; removing a document deletes its stored file and
              its passages.
            </li>
            <li>
              <strong>Sessions</strong> last 7 days and are extended while you use them (at most
              once a day). Signing out ends the session; resetting your password ends every session
              of your account.
            </li>
            <li>
              <strong>E-mail verification codes</strong> are stored hashed and expire after 10
              minutes; <strong>password-reset links</strong> after 1 hour.
            </li>
            <li>
              <strong>Accounts</strong> are kept until they are closed. When an account is deleted,
              its chatbots, knowledge, conversations, leads and keys are deleted with it. To close
              your account, write to us through the{' '}
              <TextLink to={paths.contact}>contact page</TextLink>.
            </li>
            <li>
              <strong>Contact-sales messages</strong> are kept until we delete them; ask us to
              delete yours through the <TextLink to={paths.contact}>contact page</TextLink>.
            </li>
          </ul>
        </Prose>
      </DocSection>

      <DocSection id="deleting-visitor-data" title="Deleting a visitor's data">
        <Prose>
          <p>
            A visitor who wants their chat history or contact details deleted asks the business
            whose chatbot they used. In the Askwell dashboard the business opens{' '}
            <strong>Conversations</strong>, selects one of that visitor&apos;s conversations and
            chooses <strong>Delete visitor&apos;s data</strong>. This deletes every conversation of
            that visitor with that chatbot, every message in them, and the leads left in them, at
            once. &lsquo;Delete conversation&rsquo; deletes a single conversation, and a lead can be
            deleted on its own from the Leads page.
          </p>
          <p>
            In the visitor&apos;s own browser, clearing the website&apos;s stored data removes the
            visitor id the chat window keeps, so a later chat starts as a new visitor.
          </p>
        </Prose>
      </DocSection>

      <DocSection id="security" title="How it is protected">
        <Prose>
          <ul>
            <li>
              Sign-in uses an httpOnly, SameSite=Lax session cookie that scripts on the page cannot
              read.
            </li>
            <li>
              Model provider keys and webhook signing secrets are encrypted with AES-256-GCM;
              passwords, Askwell API keys and verification codes are stored only as hashes.
            </li>
            <li>
              Each customer reaches only their own chatbots, documents, conversations, leads and
              keys; the server checks this on every request.
            </li>
          </ul>
        </Prose>
      </DocSection>

      <DocSection id="contact" title="Questions and requests">
        <Prose>
          <p>
            To see, correct or delete what Askwell holds about you, or to ask anything about this
            policy, write to us through the <TextLink to={paths.contact}>contact page</TextLink>. If
            you chatted with a business&apos;s chatbot, that business can also delete your data
            directly, as described above.
          </p>
        </Prose>
      </DocSection>
    </DocPage>
  );
}
