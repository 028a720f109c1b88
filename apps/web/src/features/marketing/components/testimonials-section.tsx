import { Star } from 'lucide-react';

import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';

import { testimonials } from '../data/testimonials';

const avatarTones = [
  'bg-brand-100 text-brand-900',
  'bg-emerald-100 text-emerald-900',
  'bg-amber-100 text-amber-900',
];

function initials(name: string) {
  return name
    .split(' ')
    .map((part) => part[0])
    .join('')
    .slice(0, 2);
}

export function TestimonialsSection() {
  return (
    <section id="customers" aria-labelledby="customers-title" className="py-20 sm:py-28">
      <Container>
        <SectionHeading
          id="customers-title"
          eyebrow="Customers"
          title="Loved by teams that talk to customers all day"
          description="Businesses use Askwell to answer faster, capture more leads and give their people time back."
        />
        <ul aria-label="Testimonials" className="mt-16 grid gap-6 lg:grid-cols-3">
          {testimonials.map((testimonial, index) => (
            <li key={testimonial.name} className="flex">
              <figure className="flex flex-col rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
                <div
                  className="flex gap-0.5 text-amber-500"
                  role="img"
                  aria-label="Rated 5 out of 5"
                >
                  {Array.from({ length: 5 }, (_, star) => (
                    <Star key={star} className="size-5 fill-current" aria-hidden="true" />
                  ))}
                </div>
                <blockquote className="mt-6 flex-1 text-base leading-7 text-slate-700">
                  <p>“{testimonial.quote}”</p>
                </blockquote>
                <figcaption className="mt-8 flex items-center gap-4 border-t border-slate-100 pt-6">
                  <span
                    className={`flex size-11 shrink-0 items-center justify-center rounded-full text-sm font-bold ${avatarTones[index % avatarTones.length]}`}
                    aria-hidden="true"
                  >
                    {initials(testimonial.name)}
                  </span>
                  <span>
                    <span className="block font-semibold text-slate-900">{testimonial.name}</span>
                    <span className="block text-sm text-slate-600">
                      {testimonial.role}, {testimonial.company}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
