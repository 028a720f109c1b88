import { ButtonLink } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { CtaBanner } from '@/components/ui/cta-banner';
import { SectionHeading } from '@/components/ui/section-heading';
import { paths } from '@/config/paths';
import { CaseStudyCard } from '@/features/case-studies/components/case-study-card';
import { caseStudies } from '@/features/case-studies/data/case-studies';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function CaseStudiesRoute() {
  useDocumentTitle('Case studies');

  return (
    <>
      <section
        aria-labelledby="page-title"
        className="relative isolate overflow-hidden bg-slate-50 py-20 sm:py-24"
      >
        <div
          className="absolute inset-0 -z-10 bg-[radial-gradient(60%_70%_at_50%_0%,var(--color-brand-100),transparent)]"
          aria-hidden="true"
        />
        <Container>
          <SectionHeading
            as="h1"
            id="page-title"
            eyebrow="Case studies"
            title="Customer success stories"
            description="See how businesses in healthcare, e-commerce, logistics and banking use Askwell to answer faster, convert more and cut costs."
          />
        </Container>
      </section>

      <section aria-label="Case studies" className="py-16 sm:py-20">
        <Container>
          <ul className="grid gap-8 md:grid-cols-2">
            {caseStudies.map((study) => (
              <li key={study.slug} className="flex">
                <CaseStudyCard study={study} />
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <section aria-label="Get started" className="pb-20 sm:pb-28">
        <Container>
          <CtaBanner
            title="Write your own success story"
            description="Join the businesses turning website visitors into customers with Askwell."
            actions={
              <>
                <ButtonLink to={paths.register} variant="inverse" size="lg">
                  Get started
                </ButtonLink>
                <ButtonLink to={paths.contact} variant="outline-inverse" size="lg">
                  Contact sales
                </ButtonLink>
              </>
            }
          />
        </Container>
      </section>
    </>
  );
}
