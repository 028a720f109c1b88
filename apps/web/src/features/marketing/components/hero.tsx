import { Check, Play, Sparkles } from 'lucide-react';

import { ButtonLink, buttonStyles } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { paths } from '@/config/paths';

import { HeroVisual } from './hero-visual';

const trialPoints = ['14-day free trial', 'No credit card required', 'Full feature access'];

export function Hero() {
  return (
    <section className="relative isolate overflow-hidden" aria-labelledby="hero-title">
      <HeroBackdrop />
      <Container className="grid items-center gap-14 pt-14 pb-20 sm:pt-20 lg:grid-cols-2 lg:gap-10 lg:pt-24 lg:pb-28">
        <div className="max-w-2xl">
          <p className="inline-flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800 ring-1 ring-brand-200">
            <Sparkles className="size-4" aria-hidden="true" />
            AI chatbots for businesses
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl"
          >
            Turn website visitors into <span className="text-brand-800">customers</span>, 24/7
          </h1>
          <p className="mt-6 text-lg leading-8 text-pretty text-slate-600 sm:text-xl">
            Askwell automates customer support, generates leads and boosts sales around the clock
            with an AI chatbot trained on your own documents and website.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to={paths.register} size="lg">
              Start Free Trial
            </ButtonLink>
            <a href="#demo" className={buttonStyles({ variant: 'secondary', size: 'lg' })}>
              <Play className="size-4 fill-current" aria-hidden="true" />
              Watch Demo
            </a>
          </div>
          <ul className="mt-8 flex flex-col gap-x-6 gap-y-2 text-sm text-slate-600 sm:flex-row sm:flex-wrap">
            {trialPoints.map((point) => (
              <li key={point} className="flex items-center gap-2">
                <Check className="size-4 text-brand-700" aria-hidden="true" />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <HeroVisual />
      </Container>
    </section>
  );
}

function HeroBackdrop() {
  return (
    <div className="absolute inset-0 -z-10" aria-hidden="true">
      <div className="absolute inset-0 bg-[radial-gradient(50%_60%_at_75%_20%,var(--color-brand-100),transparent_70%)]" />
      <svg className="absolute inset-0 size-full stroke-slate-200 [mask-image:radial-gradient(70%_60%_at_50%_0%,white,transparent)]">
        <defs>
          <pattern id="hero-grid" width="56" height="56" patternUnits="userSpaceOnUse">
            <path d="M56 0H0v56" fill="none" />
          </pattern>
        </defs>
        <rect width="100%" height="100%" fill="url(#hero-grid)" />
      </svg>
    </div>
  );
}
