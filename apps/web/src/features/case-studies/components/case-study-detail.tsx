import { ArrowLeft, CircleCheck, Quote } from 'lucide-react';
import { Link } from 'react-router';

import { Container } from '@/components/ui/container';
import { paths } from '@/config/paths';

import type { CaseStudy } from '../data/case-studies';

export function CaseStudyHero({ study }: { study: CaseStudy }) {
  const Icon = study.icon;

  return (
    <section
      className="relative isolate overflow-hidden bg-slate-50 pt-10 pb-16 sm:pb-20"
      aria-labelledby="case-study-title"
    >
      <div
        className="absolute inset-x-0 top-0 -z-10 h-full bg-[radial-gradient(60%_60%_at_80%_0%,var(--color-brand-100),transparent)]"
        aria-hidden="true"
      />
      <Container>
        <nav aria-label="Breadcrumb">
          <ol className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <li>
              <Link
                to={paths.caseStudies}
                className="inline-flex items-center gap-1 rounded-sm font-medium hover:text-brand-800"
              >
                <ArrowLeft className="size-4" aria-hidden="true" />
                Case studies
              </Link>
            </li>
            <li aria-hidden="true">/</li>
            <li aria-current="page" className="font-medium text-slate-900">
              {study.industry}
            </li>
          </ol>
        </nav>
        <div className="mt-10 grid gap-12 lg:grid-cols-5 lg:items-center">
          <div className="lg:col-span-3">
            <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-semibold text-brand-800 shadow-sm ring-1 ring-brand-100">
              <Icon className="size-4" aria-hidden="true" />
              {study.industry} case study
            </p>
            <h1
              id="case-study-title"
              className="mt-5 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl"
            >
              {study.headline}
            </h1>
            <p className="mt-6 text-lg leading-8 text-pretty text-slate-600">{study.summary}</p>
          </div>
          <aside className="lg:col-span-2" aria-label="About the customer">
            <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
              <p className="text-sm font-semibold uppercase tracking-wider text-slate-600">
                Customer
              </p>
              <p className="mt-2 text-xl font-bold text-slate-900">{study.customer}</p>
              <dl className="mt-6 space-y-4">
                {study.customerProfile.map((fact) => (
                  <div key={fact.label} className="border-t border-slate-100 pt-4">
                    <dt className="text-sm text-slate-600">{fact.label}</dt>
                    <dd className="mt-1 font-medium text-slate-900">{fact.value}</dd>
                  </div>
                ))}
              </dl>
            </div>
          </aside>
        </div>
      </Container>
    </section>
  );
}

export function CaseStudyMetrics({ study }: { study: CaseStudy }) {
  return (
    <section aria-labelledby="metrics-title" className="py-16 sm:py-20">
      <Container>
        <h2 id="metrics-title" className="sr-only">
          Results at a glance
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {study.metrics.map((metric) => (
            <div
              key={metric.label}
              data-testid="metric-tile"
              className="flex flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
            >
              <dt className="text-sm font-semibold text-slate-900 sm:text-base">{metric.label}</dt>
              <dd className="order-first mb-3 text-3xl font-bold tracking-tight text-brand-800 sm:text-4xl">
                {metric.value}
              </dd>
              <dd className="mt-1 text-sm leading-6 text-slate-600">{metric.description}</dd>
            </div>
          ))}
        </dl>
      </Container>
    </section>
  );
}

export function CaseStudyStory({ study }: { study: CaseStudy }) {
  return (
    <>
      <section aria-labelledby="challenge-title" className="pb-16 sm:pb-20">
        <Container className="grid gap-6 lg:grid-cols-3 lg:gap-10">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">01</p>
            <h2
              id="challenge-title"
              className="mt-2 text-3xl font-bold tracking-tight text-slate-900"
            >
              The challenge
            </h2>
          </div>
          <div className="lg:col-span-2">
            <p className="text-lg leading-8 text-slate-700">{study.challenge.intro}</p>
            <ul className="mt-6 space-y-3">
              {study.challenge.points.map((point) => (
                <li key={point} className="flex gap-3 text-base leading-7 text-slate-700">
                  <span
                    className="mt-2.5 size-1.5 shrink-0 rounded-full bg-slate-500"
                    aria-hidden="true"
                  />
                  {point}
                </li>
              ))}
            </ul>
          </div>
        </Container>
      </section>

      <section
        aria-labelledby="solution-title"
        className="border-y border-slate-200 bg-slate-50 py-16 sm:py-20"
      >
        <Container className="grid gap-6 lg:grid-cols-3 lg:gap-10">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">02</p>
            <h2
              id="solution-title"
              className="mt-2 text-3xl font-bold tracking-tight text-slate-900"
            >
              The solution
            </h2>
          </div>
          <div className="lg:col-span-2">
            <p className="text-lg leading-8 text-slate-700">{study.solution.intro}</p>
            <div className="mt-8 grid gap-4 sm:grid-cols-3">
              {study.solution.points.map((point) => (
                <div
                  key={point.title}
                  className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
                >
                  <h3 className="font-semibold text-slate-900">{point.title}</h3>
                  <p className="mt-2 text-sm leading-6 text-slate-600">{point.text}</p>
                </div>
              ))}
            </div>
          </div>
        </Container>
      </section>

      <section aria-labelledby="results-title" className="py-16 sm:py-20">
        <Container className="grid gap-6 lg:grid-cols-3 lg:gap-10">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">03</p>
            <h2
              id="results-title"
              className="mt-2 text-3xl font-bold tracking-tight text-slate-900"
            >
              The results
            </h2>
          </div>
          <div className="lg:col-span-2">
            <p className="text-lg leading-8 text-slate-700">{study.results.intro}</p>
            <figure className="relative mt-8 rounded-2xl bg-brand-900 p-8 text-white shadow-lg sm:p-10">
              <Quote className="size-8 text-brand-300" aria-hidden="true" />
              <blockquote className="mt-4 text-xl leading-8 font-medium text-pretty">
                <p>“{study.results.quote.text}”</p>
              </blockquote>
              <figcaption className="mt-6 text-sm">
                <span className="font-semibold text-white">{study.results.quote.author}</span>
                <span className="block text-brand-200">{study.results.quote.role}</span>
              </figcaption>
            </figure>
          </div>
        </Container>
      </section>

      <section aria-labelledby="benefits-title" className="pb-16 sm:pb-20">
        <Container>
          <h2 id="benefits-title" className="text-3xl font-bold tracking-tight text-slate-900">
            Key benefits
          </h2>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {study.benefits.map((benefit) => (
              <li key={benefit.title} className="rounded-xl p-5 ring-1 ring-slate-200">
                <CircleCheck className="size-6 text-brand-700" aria-hidden="true" />
                <h3 className="mt-4 font-semibold text-slate-900">{benefit.title}</h3>
                <p className="mt-1.5 text-sm leading-6 text-slate-600">{benefit.text}</p>
              </li>
            ))}
          </ul>
        </Container>
      </section>
    </>
  );
}
