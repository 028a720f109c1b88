import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';

import { productFeatures } from '../data/features';

export function FeaturesSection() {
  return (
    <section id="features" aria-labelledby="features-title" className="py-20 sm:py-28">
      <Container>
        <SectionHeading
          id="features-title"
          eyebrow="Platform"
          title="Everything you need to support, convert and grow"
          description="One platform to build AI chatbots, train them on your knowledge, and turn conversations into revenue."
        />
        <ul className="mx-auto mt-16 grid max-w-6xl gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {productFeatures.map((feature) => (
            <li
              key={feature.title}
              className="group rounded-2xl bg-white p-7 shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-md hover:ring-brand-200"
            >
              <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-800 ring-1 ring-brand-100 transition-colors group-hover:bg-brand-800 group-hover:text-white">
                <feature.icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{feature.title}</h3>
              <p className="mt-2 text-base leading-7 text-slate-600">{feature.description}</p>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
