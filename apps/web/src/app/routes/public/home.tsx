import { caseStudies } from '@/features/case-studies/data/case-studies';
import { ClosingBanner } from '@/features/marketing/components/closing-banner';
import { DemoSection } from '@/features/marketing/components/demo-section';
import { FeaturesSection } from '@/features/marketing/components/features-section';
import { Hero } from '@/features/marketing/components/hero';
import { HowItWorksSection } from '@/features/marketing/components/how-it-works-section';
import { IntegrationsSection } from '@/features/marketing/components/integrations-section';
import { PricingSection } from '@/features/marketing/components/pricing-section';
import { SecuritySection } from '@/features/marketing/components/security-section';
import { SolutionsSection, type Solution } from '@/features/marketing/components/solutions-section';
import { TestimonialsSection } from '@/features/marketing/components/testimonials-section';
import { useDocumentTitle } from '@/hooks/use-document-title';

const solutions: Solution[] = caseStudies.map((study) => ({
  slug: study.slug,
  industry: study.industry,
  icon: study.icon,
  metric: study.metrics[0],
}));

export function HomeRoute() {
  useDocumentTitle('AI chatbots that turn visitors into customers');

  return (
    <>
      <Hero />
      <DemoSection />
      <div id="platform">
        <FeaturesSection />
        <HowItWorksSection />
      </div>
      <SolutionsSection solutions={solutions} />
      <IntegrationsSection />
      <SecuritySection />
      <PricingSection />
      <TestimonialsSection />
      <ClosingBanner />
    </>
  );
}
