import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';

import { PricingPlans, TrialNotice } from './pricing-plans';

export function PricingSection() {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="bg-slate-50 py-20 sm:py-28">
      <Container>
        <div className="text-center">
          <SectionHeading
            id="pricing-title"
            eyebrow="Pricing"
            title="Simple, transparent pricing"
            description="Start free and upgrade when you need more chatbots, deeper analytics and your own AI provider."
          />
          <TrialNotice />
        </div>
        <div className="mt-16">
          <PricingPlans />
        </div>
      </Container>
    </section>
  );
}
