import { ArrowRight, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';

import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';
import { paths, type IndustrySlug } from '@/config/paths';

export type Solution = {
  slug: IndustrySlug;
  industry: string;
  icon: LucideIcon;
  metric: { label: string; value: string };
};

const industryPitch: Record<IndustrySlug, string> = {
  healthcare:
    'Answer patient questions, share preparation guides and route appointment requests day and night.',
  ecommerce:
    'Recommend products, resolve delivery and returns questions, and rescue carts at checkout.',
  logistics: 'Give shippers instant, multilingual answers on tracking, customs and bookings.',
  banking:
    'Guide customers through digital banking with careful, approved answers and full audit trails.',
};

// The industries and their headline figures come from the case studies, passed in by the page.
export function SolutionsSection({ solutions }: { solutions: Solution[] }) {
  return (
    <section id="solutions" aria-labelledby="solutions-title" className="py-20 sm:py-28">
      <Container>
        <SectionHeading
          id="solutions-title"
          eyebrow="Solutions"
          title="Built for the industries that talk to customers most"
          description="Teams in healthcare, e-commerce, logistics and banking use Askwell to answer faster and convert more."
        />
        <ul className="mt-16 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {solutions.map((solution) => (
            <li
              key={solution.slug}
              className="group flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-lg hover:ring-brand-200"
            >
              <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-800 ring-1 ring-brand-100">
                <solution.icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{solution.industry}</h3>
              <p className="mt-2 flex-1 text-sm leading-6 text-slate-600">
                {industryPitch[solution.slug]}
              </p>
              <p className="mt-5 border-t border-slate-100 pt-4">
                <span className="block text-2xl font-bold text-brand-800">
                  {solution.metric.value}
                </span>
                <span className="text-sm text-slate-600">{solution.metric.label}</span>
              </p>
              <Link
                to={paths.caseStudy(solution.slug)}
                className="mt-5 inline-flex items-center gap-1.5 self-start rounded-md text-sm font-semibold text-brand-800 hover:text-brand-950"
              >
                Read case study
                <span className="sr-only"> about {solution.industry}</span>
                <ArrowRight
                  className="size-4 transition-transform group-hover:translate-x-0.5"
                  aria-hidden="true"
                />
              </Link>
            </li>
          ))}
        </ul>
        <div className="mt-12 text-center">
          <Link
            to={paths.caseStudies}
            className="inline-flex items-center gap-1.5 rounded-md text-base font-semibold text-brand-800 hover:text-brand-950"
          >
            Explore all case studies
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </div>
      </Container>
    </section>
  );
}
