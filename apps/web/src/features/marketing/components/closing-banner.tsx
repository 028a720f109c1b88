import { ArrowRight, Headset } from 'lucide-react';
import { Link } from 'react-router';

import { ButtonLink, buttonStyles } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { CtaBanner } from '@/components/ui/cta-banner';
import { paths } from '@/config/paths';

export function ClosingBanner() {
  return (
    <section aria-labelledby="get-started-title" className="pb-20 sm:pb-28">
      <Container>
        <CtaBanner
          headingId="get-started-title"
          title="Ready to turn visitors into customers?"
          description="Start your 14-day free trial today. No credit card required, full feature access."
          actions={
            <>
              <ButtonLink to={paths.register} variant="inverse" size="lg">
                Get started
              </ButtonLink>
              <a
                href="#contact"
                className={buttonStyles({ variant: 'outline-inverse', size: 'lg' })}
              >
                Contact sales
              </a>
            </>
          }
        >
          <div
            id="contact"
            className="mx-auto mt-12 flex max-w-3xl flex-col items-center gap-5 rounded-2xl bg-white/10 p-6 text-center ring-1 ring-white/20 sm:flex-row sm:text-left"
          >
            <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-white/15 text-white">
              <Headset className="size-6" aria-hidden="true" />
            </span>
            <div className="flex-1">
              <h3 className="font-semibold text-white">Talk to our sales team</h3>
              <p className="mt-1 text-sm leading-6 text-brand-100">
                Get a tailored demo and pricing for your business. We reply within one business day.
              </p>
            </div>
            <Link
              to={paths.contact}
              className="inline-flex items-center gap-1.5 rounded-lg bg-white px-4 py-2.5 text-sm font-semibold whitespace-nowrap text-brand-900 hover:bg-brand-50"
            >
              Contact our sales team
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </div>
        </CtaBanner>
      </Container>
    </section>
  );
}
