import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';

import { integrations } from '../data/integrations';

export function IntegrationsSection() {
  return (
    <section
      id="integrations"
      aria-labelledby="integrations-title"
      className="bg-slate-50 py-20 sm:py-28"
    >
      <Container>
        <SectionHeading
          id="integrations-title"
          eyebrow="Integrations"
          title="Works with the tools you already use"
          description="Embed Askwell on your site and send conversations and leads to the apps your team lives in."
        />
        <ul
          aria-label="Integrations"
          className="mx-auto mt-16 grid max-w-5xl grid-cols-2 gap-4 sm:grid-cols-4"
        >
          {integrations.map((integration) => (
            <li
              key={integration.name}
              className="flex flex-col items-center rounded-2xl bg-white px-4 py-6 text-center shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-md"
            >
              <svg viewBox="0 0 48 48" className="size-12" aria-hidden="true">
                <rect width="48" height="48" rx="12" fill={integration.color} />
                <text
                  x="24"
                  y="31.5"
                  textAnchor="middle"
                  fontSize="22"
                  fontWeight="700"
                  fontFamily="Inter Variable, ui-sans-serif, system-ui, sans-serif"
                  fill="#fff"
                >
                  {integration.mark}
                </text>
              </svg>
              <span className="mt-4 font-semibold text-slate-900">{integration.name}</span>
              <span className="mt-0.5 text-sm text-slate-600">{integration.category}</span>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
