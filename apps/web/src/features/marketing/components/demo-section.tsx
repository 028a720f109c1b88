import { BookOpen, Clock, UserPlus } from 'lucide-react';

import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';

import { DemoChat } from './demo-chat';

const highlights = [
  {
    icon: BookOpen,
    title: 'Answers from your own content',
    text: 'Every reply is grounded in your documents and website, with the source one click away.',
  },
  {
    icon: UserPlus,
    title: 'Turns questions into leads',
    text: 'When a visitor shows buying intent, Askwell asks for their details and alerts your team.',
  },
  {
    icon: Clock,
    title: 'Never off the clock',
    text: 'Nights, weekends and holidays: visitors always get an instant, accurate answer.',
  },
];

export function DemoSection() {
  return (
    <section id="demo" aria-labelledby="demo-title" className="bg-slate-50 py-20 sm:py-28">
      <Container className="grid items-center gap-14 lg:grid-cols-2">
        <div>
          <SectionHeading
            id="demo-title"
            align="left"
            eyebrow="Live demo"
            title="See Askwell in action"
            description="Watch a visitor on an online store get an instant answer and become a qualified lead, all in under a minute."
          />
          <ul className="mt-10 space-y-6">
            {highlights.map((item) => (
              <li key={item.title} className="flex gap-4">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-800 text-white">
                  <item.icon className="size-5" aria-hidden="true" />
                </span>
                <div>
                  <h3 className="font-semibold text-slate-900">{item.title}</h3>
                  <p className="mt-1 text-base leading-7 text-slate-600">{item.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
        <DemoChat />
      </Container>
    </section>
  );
}
