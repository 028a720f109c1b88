import { FileUp, Palette, TrendingUp } from 'lucide-react';

import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';

import { steps } from '../data/features';

const stepIcons = [FileUp, Palette, TrendingUp];

export function HowItWorksSection() {
  return (
    <section
      id="how-it-works"
      aria-labelledby="how-it-works-title"
      className="bg-slate-50 py-20 sm:py-28"
    >
      <Container>
        <SectionHeading
          id="how-it-works-title"
          eyebrow="How it works"
          title="Live in three simple steps"
          description="No code and no data science team needed. Most businesses launch their first chatbot in an afternoon."
        />
        <div className="relative mx-auto mt-16 max-w-6xl">
          <div
            className="absolute top-7 right-[16%] left-[16%] hidden h-px bg-linear-to-r from-brand-200 via-brand-300 to-brand-200 lg:block"
            aria-hidden="true"
          />
          <ol className="relative grid gap-8 lg:grid-cols-3">
            {steps.map((step, index) => {
              const Icon = stepIcons[index] ?? FileUp;
              return (
                <li key={step.title} className="relative text-center">
                  <span className="relative mx-auto flex size-14 items-center justify-center rounded-2xl bg-brand-800 text-white shadow-lg shadow-brand-900/20">
                    <Icon className="size-6" aria-hidden="true" />
                    <span className="absolute -top-2 -right-2 flex size-6 items-center justify-center rounded-full bg-white text-xs font-bold text-brand-800 ring-2 ring-brand-800">
                      {index + 1}
                    </span>
                  </span>
                  <h3 className="mt-6 text-lg font-semibold text-slate-900">{step.title}</h3>
                  <p className="mx-auto mt-2 max-w-sm text-base leading-7 text-slate-600">
                    {step.description}
                  </p>
                </li>
              );
            })}
          </ol>
        </div>
      </Container>
    </section>
  );
}
