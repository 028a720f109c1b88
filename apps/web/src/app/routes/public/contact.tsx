import { Clock, MessagesSquare, ShieldCheck, Tag } from 'lucide-react';

import { Container } from '@/components/ui/container';
import { ContactForm } from '@/features/contact/components/contact-form';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { QueryProvider } from '@/lib/query-provider';

const expectations = [
  {
    icon: MessagesSquare,
    title: 'A demo built around your use case',
    text: 'See Askwell answer questions from content like yours, in your customers’ languages.',
  },
  {
    icon: Tag,
    title: 'Pricing for your volume',
    text: 'Plans for teams with several websites, brands or high conversation volumes.',
  },
  {
    icon: ShieldCheck,
    title: 'Answers on security and data',
    text: 'How we encrypt secrets, isolate your data and keep an audit trail.',
  },
];

export function ContactRoute() {
  useDocumentTitle('Contact sales');

  return (
    <section
      aria-labelledby="page-title"
      className="relative isolate overflow-hidden bg-slate-50 py-16 sm:py-24"
    >
      <div
        className="absolute inset-0 -z-10 bg-[radial-gradient(50%_60%_at_20%_0%,var(--color-brand-100),transparent)]"
        aria-hidden="true"
      />
      <Container className="grid gap-12 lg:grid-cols-2 lg:gap-16">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">
            Contact sales
          </p>
          <h1
            id="page-title"
            className="mt-3 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl"
          >
            Talk to our sales team
          </h1>
          <p className="mt-6 text-lg leading-8 text-pretty text-slate-600">
            Tell us about your business and we’ll show you how Askwell can answer your customers,
            capture leads and grow sales around the clock.
          </p>
          <ul className="mt-10 space-y-6">
            {expectations.map((item) => (
              <li key={item.title} className="flex gap-4">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-white text-brand-800 shadow-sm ring-1 ring-slate-200">
                  <item.icon className="size-5" aria-hidden="true" />
                </span>
                <div>
                  <h2 className="font-semibold text-slate-900">{item.title}</h2>
                  <p className="mt-1 text-base leading-7 text-slate-600">{item.text}</p>
                </div>
              </li>
            ))}
          </ul>
          <p className="mt-10 inline-flex items-center gap-2 text-sm font-medium text-slate-700">
            <Clock className="size-4 text-brand-700" aria-hidden="true" />
            We reply within one business day.
          </p>
        </div>
        <div className="rounded-3xl bg-white p-6 shadow-xl shadow-slate-900/5 ring-1 ring-slate-200 sm:p-10">
          <h2 className="text-xl font-bold text-slate-900">Send us a message</h2>
          <p className="mt-1 text-sm text-slate-600">All fields are required.</p>
          <div className="mt-8">
            <QueryProvider>
              <ContactForm />
            </QueryProvider>
          </div>
        </div>
      </Container>
    </section>
  );
}
