import { ButtonLink } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { CtaBanner } from '@/components/ui/cta-banner';
import { SectionHeading } from '@/components/ui/section-heading';
import { paths } from '@/config/paths';
import { FaqList } from '@/features/marketing/components/faq-list';
import { PlanComparison } from '@/features/marketing/components/plan-comparison';
import { PricingPlans, TrialNotice } from '@/features/marketing/components/pricing-plans';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function PricingRoute() {
  useDocumentTitle('Pricing');

  return (
    <>
      <section
        aria-labelledby="page-title"
        className="relative isolate overflow-hidden bg-slate-50 pt-20 pb-20 sm:pt-24"
      >
        <div
          className="absolute inset-0 -z-10 bg-[radial-gradient(60%_50%_at_50%_0%,var(--color-brand-100),transparent)]"
          aria-hidden="true"
        />
        <Container>
          <div className="text-center">
            <SectionHeading
              as="h1"
              id="page-title"
              eyebrow="Pricing"
              title="Simple pricing that grows with you"
              description="Start with everything you need for your first chatbot. Upgrade to Premium when your team is ready for more."
            />
            <TrialNotice />
          </div>
          <div className="mt-16">
            <PricingPlans headingLevel="h2" />
          </div>
        </Container>
      </section>

      <section aria-labelledby="compare-title" className="py-20 sm:py-24">
        <Container>
          <SectionHeading id="compare-title" title="Compare plans" />
          <div className="mt-12">
            <PlanComparison />
          </div>
        </Container>
      </section>

      <section aria-labelledby="faq-title" className="bg-slate-50 py-20 sm:py-24">
        <Container>
          <SectionHeading
            id="faq-title"
            title="Frequently asked questions"
            description="Everything you need to know about plans and the free trial."
          />
          <div className="mt-12">
            <FaqList />
          </div>
        </Container>
      </section>

      <section aria-label="Get started" className="py-20 sm:py-28">
        <Container>
          <CtaBanner
            title="Try every feature free for 14 days"
            description="No credit card required. Set up your first chatbot in minutes."
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
