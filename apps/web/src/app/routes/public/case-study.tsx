import { ArrowRight } from 'lucide-react';
import { data, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';

import { ButtonLink } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { CtaBanner } from '@/components/ui/cta-banner';
import { paths } from '@/config/paths';
import {
  CaseStudyHero,
  CaseStudyMetrics,
  CaseStudyStory,
} from '@/features/case-studies/components/case-study-detail';
import { caseStudies, findCaseStudy } from '@/features/case-studies/data/case-studies';
import { useDocumentTitle } from '@/hooks/use-document-title';

function notFound(): never {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

export function caseStudyLoader({ params }: LoaderFunctionArgs) {
  const study = findCaseStudy(params.slug);
  if (!study) notFound();
  return { slug: study.slug };
}

export function CaseStudyRoute() {
  const { slug } = useLoaderData<typeof caseStudyLoader>();
  const study = findCaseStudy(slug) ?? notFound();
  useDocumentTitle(`${study.industry} case study`);
  const others = caseStudies.filter((other) => other.slug !== study.slug);

  return (
    <>
      <CaseStudyHero study={study} />
      <CaseStudyMetrics study={study} />
      <CaseStudyStory study={study} />

      <section aria-label="Get started" className="pb-16 sm:pb-20">
        <Container>
          <CtaBanner
            title={`Ready for results like ${study.customer}?`}
            description="Start your 14-day free trial. No credit card required, full feature access."
            actions={
              <>
                <ButtonLink to={paths.register} variant="inverse" size="lg">
                  Get Started
                </ButtonLink>
                <ButtonLink to={paths.contact} variant="outline-inverse" size="lg">
                  Contact sales
                </ButtonLink>
              </>
            }
          />
        </Container>
      </section>

      <section
        aria-labelledby="more-title"
        className="border-t border-slate-200 bg-slate-50 py-16 sm:py-20"
      >
        <Container>
          <h2 id="more-title" className="text-2xl font-bold tracking-tight text-slate-900">
            More customer stories
          </h2>
          <ul className="mt-8 grid gap-4 md:grid-cols-3">
            {others.map((other) => (
              <li key={other.slug}>
                <Link
                  to={paths.caseStudy(other.slug)}
                  className="group flex h-full flex-col rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md hover:ring-brand-200"
                >
                  <span className="flex items-center gap-2 text-sm font-semibold text-brand-800">
                    <other.icon className="size-4" aria-hidden="true" />
                    {other.industry}
                  </span>
                  <span className="mt-3 flex-1 font-semibold text-slate-900">{other.headline}</span>
                  <span className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-800">
                    Read story
                    <ArrowRight
                      className="size-4 transition-transform group-hover:translate-x-0.5"
                      aria-hidden="true"
                    />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </Container>
      </section>
    </>
  );
}
