import { KeyRound, Lock, ScrollText, ShieldCheck } from 'lucide-react';

import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';

const safeguards = [
  {
    icon: Lock,
    title: 'Encrypted secrets',
    text: 'AI provider keys and payment credentials are encrypted with AES-256-GCM before they are stored.',
  },
  {
    icon: ShieldCheck,
    title: 'Your data stays yours',
    text: 'Every business sees only its own chatbots, documents, conversations and leads.',
  },
  {
    icon: KeyRound,
    title: 'Role-based access',
    text: 'Staff roles decide who can see and change what, enforced on the server for every request.',
  },
  {
    icon: ScrollText,
    title: 'Audit logs',
    text: 'Every administrative change is recorded with who made it, when and from where.',
  },
];

export function SecuritySection() {
  return (
    <section id="security" aria-labelledby="security-title" className="py-20 sm:py-28">
      <Container className="grid gap-14 lg:grid-cols-5 lg:items-center">
        <div className="lg:col-span-2">
          <SectionHeading
            id="security-title"
            align="left"
            eyebrow="Security"
            title="Security your customers can trust"
            description="Askwell is built for regulated industries like healthcare and banking, with safeguards at every layer."
          />
        </div>
        <ul className="grid gap-4 sm:grid-cols-2 lg:col-span-3">
          {safeguards.map((item) => (
            <li key={item.title} className="rounded-2xl p-6 ring-1 ring-slate-200">
              <item.icon className="size-6 text-brand-800" aria-hidden="true" />
              <h3 className="mt-4 font-semibold text-slate-900">{item.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{item.text}</p>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
