import { BookOpen, Code2, MessageSquareText, UserPlus } from 'lucide-react';

import { ButtonLink } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { TextLink } from '@/components/ui/doc-page';
import { SectionHeading } from '@/components/ui/section-heading';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

const parts = [
  {
    icon: BookOpen,
    title: 'Trained on your own content',
    text: 'Upload PDF, Word, text and Markdown files, add your website or write Q&A pairs. Askwell reads them into passages your chatbot answers from, and cites them.',
  },
  {
    icon: MessageSquareText,
    title: 'On your website with one script tag',
    text: 'The chat window answers in your visitor’s language, in your colours, on the domains you allow, and hands over to your team when it cannot help.',
  },
  {
    icon: UserPlus,
    title: 'Visitors become leads',
    text: 'When a visitor asks to be contacted, the chatbot offers a short form. Leads land in your dashboard and, if you like, in your own systems through a signed webhook.',
  },
  {
    icon: Code2,
    title: 'An API for your apps',
    text: 'Ask the same chatbots from your servers and mobile apps through the chat API, including an OpenAI-compatible endpoint.',
  },
];

export function AboutRoute() {
  useDocumentTitle('About');

  return (
    <>
      <section
        aria-labelledby="page-title"
        className="relative isolate overflow-hidden bg-slate-50 py-20 sm:py-24"
      >
        <div
          className="absolute inset-0 -z-10 bg-[radial-gradient(60%_70%_at_50%_0%,var(--color-brand-100),transparent)]"
          aria-hidden="true"
        />
        <Container>
          <SectionHeading
            as="h1"
            id="page-title"
            eyebrow="About Askwell"
            title="Answers from your own content, around the clock"
            description="Askwell is a platform for building AI chatbots that answer your customers from your documents and website, and turn the conversations into leads for your team."
          />
        </Container>
      </section>

      <section aria-labelledby="what-title" className="py-20 sm:py-24">
        <Container>
          <SectionHeading
            id="what-title"
            title="What Askwell does"
            description="A business signs up, trains a chatbot on what it already knows, and puts it where its customers ask questions."
          />
          <ul className="mx-auto mt-14 grid max-w-5xl gap-6 sm:grid-cols-2">
            {parts.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
                <Icon className="size-6 text-brand-800" aria-hidden="true" />
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
                <p className="mt-2 text-[15px] leading-7 text-slate-600">{text}</p>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <section aria-labelledby="principles-title" className="bg-slate-50 py-20 sm:py-24">
        <Container>
          <SectionHeading id="principles-title" title="How we build it" />
          <div className="mx-auto mt-10 max-w-3xl space-y-4 text-[15px] leading-7 text-slate-700">
            <p>
              <strong>Grounded answers.</strong> Every answer comes from the chatbot&apos;s
              knowledge and shows its sources. When nothing relevant is found, the chatbot says so
              in the words you chose instead of guessing.
            </p>
            <p>
              <strong>Your choice of model.</strong> Connect OpenAI, Anthropic, Google or any
              OpenAI-compatible endpoint, or use the built-in answerer, which quotes the best
              passages and needs no model at all.
            </p>
            <p>
              <strong>Your data stays yours.</strong> Provider keys and secrets are encrypted,
              visitors&apos; data can be deleted in one step, and no advertising or analytics
              trackers are used. Read the <TextLink to={paths.privacy}>privacy policy</TextLink>.
            </p>
          </div>
          <div className="mt-12 flex flex-wrap justify-center gap-4">
            <ButtonLink to={paths.register} size="lg">
              Start free trial
            </ButtonLink>
            <ButtonLink to={paths.docs} variant="secondary" size="lg">
              Read the documentation
            </ButtonLink>
          </div>
        </Container>
      </section>
    </>
  );
}
