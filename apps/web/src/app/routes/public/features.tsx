import { ArrowRight } from 'lucide-react';

import { ButtonLink } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { CtaBanner } from '@/components/ui/cta-banner';
import { SectionHeading } from '@/components/ui/section-heading';
import { paths } from '@/config/paths';
import { FeaturesSection } from '@/features/marketing/components/features-section';
import { HowItWorksSection } from '@/features/marketing/components/how-it-works-section';
import { IntegrationsSection } from '@/features/marketing/components/integrations-section';
import { SecuritySection } from '@/features/marketing/components/security-section';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function FeaturesRoute() {
  useDocumentTitle('Features');

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
            eyebrow="Features"
            title="Everything you need to automate support and grow sales"
            description="Askwell brings an AI chatbot, multilingual support, lead capture and advanced analytics together in one platform, trained on your own knowledge."
          />
          <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
            <ButtonLink to={paths.register} size="lg">
              Start Free Trial
            </ButtonLink>
            <ButtonLink to={paths.pricing} variant="secondary" size="lg">
              See pricing
              <ArrowRight className="size-4" aria-hidden="true" />
            </ButtonLink>
          </div>
        </Container>
      </section>
      <FeaturesSection />
      <HowItWorksSection />
      <SecuritySection />
      <IntegrationsSection />
      <section aria-label="Get started" className="py-20 sm:py-28">
        <Container>
          <CtaBanner
            title="Launch your AI chatbot today"
            description="14-day free trial, no credit card required, full feature access."
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
