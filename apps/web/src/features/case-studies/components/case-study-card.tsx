import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

import type { CaseStudy } from '../data/case-studies';

export function CaseStudyCard({ study }: { study: CaseStudy }) {
  const Icon = study.icon;
  const headlineMetrics = study.metrics.slice(0, 2);

  return (
    <article className="group relative flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-lg hover:ring-brand-200 sm:p-8">
      <div className="flex items-center gap-4">
        <div className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-800 ring-1 ring-brand-100">
          <Icon className="size-6" aria-hidden="true" />
        </div>
        <div>
          <h2 className="text-xl font-bold text-slate-900">{study.industry}</h2>
          <p className="text-sm text-slate-600">{study.customer}</p>
        </div>
      </div>
      <p className="mt-5 flex-1 text-base leading-7 text-slate-600">{study.summary}</p>
      <dl className="mt-6 grid grid-cols-2 gap-4 border-t border-slate-100 pt-6">
        {headlineMetrics.map((metric) => (
          <div key={metric.label} className="flex flex-col">
            <dt className="text-sm font-medium text-slate-600">{metric.label}</dt>
            <dd className="order-first text-3xl font-bold tracking-tight text-brand-800">
              {metric.value}
            </dd>
          </div>
        ))}
      </dl>
      <Link
        to={paths.caseStudy(study.slug)}
        className="mt-6 inline-flex items-center gap-1.5 self-start rounded-md text-sm font-semibold text-brand-800 hover:text-brand-950"
      >
        Read the {study.industry} case study
        <ArrowRight
          className="size-4 transition-transform group-hover:translate-x-0.5"
          aria-hidden="true"
        />
      </Link>
    </article>
  );
}
