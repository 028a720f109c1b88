import { ChevronDown } from 'lucide-react';

import { pricingFaqs } from '../data/plans';

export function FaqList() {
  return (
    <div className="mx-auto max-w-3xl divide-y divide-slate-200 rounded-2xl bg-white ring-1 ring-slate-200">
      {pricingFaqs.map((faq) => (
        <details
          key={faq.question}
          className="group px-6 py-5 [&_summary::-webkit-details-marker]:hidden"
        >
          <summary className="flex items-center justify-between gap-4 rounded-md text-left text-base font-semibold text-slate-900">
            {faq.question}
            <ChevronDown
              className="size-5 shrink-0 text-slate-600 transition-transform group-open:rotate-180"
              aria-hidden="true"
            />
          </summary>
          <p className="mt-3 text-base leading-7 text-slate-600">{faq.answer}</p>
        </details>
      ))}
    </div>
  );
}
