import { ArrowRight, Bot, Code2, FileUp, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';

import { useProfile } from '@/lib/auth';

type Step = { title: string; text: string; to: string; action: string; icon: LucideIcon };

const steps: Step[] = [
  {
    title: 'Create a chatbot',
    text: 'Name it, pick its tone and goal, and match the widget to your brand.',
    to: '/dashboard/bots/new',
    action: 'Create a chatbot',
    icon: Bot,
  },
  {
    title: 'Upload documents',
    text: 'Teach it from your FAQs, manuals and policies: PDF, DOC, DOCX, TXT or MD.',
    to: '/dashboard/documents',
    action: 'Upload documents',
    icon: FileUp,
  },
  {
    title: 'Add it to your website',
    text: 'Paste one script tag into your site, or call the chat API from your app.',
    to: '/dashboard/integration',
    action: 'Get the embed code',
    icon: Code2,
  },
];

// Shown while the account has no chatbot of its own (the demo's does not count): the three steps to the first answered visitor.
export function GettingStarted() {
  const profile = useProfile().data;
  const firstName = profile?.first_name || profile?.name;

  return (
    <section
      aria-labelledby="getting-started-title"
      className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <div className="relative isolate overflow-hidden bg-linear-to-br from-brand-800 to-brand-950 px-6 py-8 sm:px-8">
        <div
          className="absolute -top-20 -right-16 -z-10 size-64 rounded-full bg-brand-500/40 blur-3xl"
          aria-hidden="true"
        />
        <p className="text-sm font-semibold text-brand-200">Getting started</p>
        <h2
          id="getting-started-title"
          className="mt-1 text-xl font-bold tracking-tight text-white sm:text-2xl"
        >
          {firstName ? `Welcome to Askwell, ${firstName}!` : 'Welcome to Askwell!'}
        </h2>
        <p className="mt-2 max-w-2xl text-sm leading-6 text-brand-100">
          Three steps take you from an empty account to a chatbot answering your visitors. Your live
          activity appears on this page as soon as the first conversations arrive.
        </p>
      </div>
      <ol className="grid divide-y divide-slate-200 md:grid-cols-3 md:divide-x md:divide-y-0">
        {steps.map((step, index) => {
          const Icon = step.icon;
          return (
            <li key={step.to} className="flex flex-col p-6">
              <div className="flex items-center gap-3">
                <span className="flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-800 ring-1 ring-brand-100">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span className="text-xs font-semibold uppercase tracking-wider text-slate-500">
                  Step {index + 1}
                </span>
              </div>
              <h3 className="mt-4 text-base font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-1 flex-1 text-sm leading-6 text-slate-600">{step.text}</p>
              <Link
                to={step.to}
                className="mt-4 inline-flex items-center gap-1.5 self-start rounded text-sm font-semibold text-brand-800 hover:text-brand-950 hover:underline"
              >
                {step.action}
                <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
