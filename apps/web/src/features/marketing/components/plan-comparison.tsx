import { Check, Minus } from 'lucide-react';

import { planComparison, plans, type ComparisonRow } from '../data/plans';

function Cell({ value }: { value: ComparisonRow['free'] }) {
  if (typeof value === 'string') return <span className="font-medium text-slate-900">{value}</span>;
  return value ? (
    <>
      <Check className="mx-auto size-5 text-brand-700" aria-hidden="true" />
      <span className="sr-only">Included</span>
    </>
  ) : (
    <>
      <Minus className="mx-auto size-5 text-slate-500" aria-hidden="true" />
      <span className="sr-only">Not included</span>
    </>
  );
}

export function PlanComparison() {
  const [free, premium] = plans;

  return (
    <div className="mx-auto max-w-4xl overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Features included in each plan</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className="px-4 py-4 font-semibold text-slate-900 sm:px-6">
              Feature
            </th>
            <th
              scope="col"
              className="w-24 px-2 py-4 text-center font-semibold text-slate-900 sm:w-32"
            >
              {free?.name}
            </th>
            <th
              scope="col"
              className="w-24 px-2 py-4 text-center font-semibold text-brand-800 sm:w-32"
            >
              {premium?.name}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {planComparison.map((row) => (
            <tr key={row.feature}>
              <th scope="row" className="px-4 py-3.5 font-normal text-slate-700 sm:px-6">
                {row.feature}
              </th>
              <td className="px-2 py-3.5 text-center">
                <Cell value={row.free} />
              </td>
              <td className="px-2 py-3.5 text-center">
                <Cell value={row.premium} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
