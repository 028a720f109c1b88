import { adminSections, canOpenSection, roleLabels, type Role } from '@askwell/shared';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';

import { AdminPanel } from './admin-panel';

// What this staff role can open, so a new colleague sees at once where to go.
export function AccessSummary({ role }: { role: Role }) {
  const sections = adminSections.filter(
    (section) => section.key !== 'dashboard' && canOpenSection(role, section.key),
  );
  return (
    <AdminPanel
      title="Your workspace"
      description={`As ${roleLabels[role]} you can open these areas.`}
    >
      <ul className="grid grid-cols-1 gap-3 p-5 sm:grid-cols-2 sm:px-6 lg:grid-cols-3">
        {sections.map((section) => (
          <li key={section.key}>
            <Link
              to={section.path}
              className="group flex items-center justify-between gap-3 rounded-lg px-4 py-3 text-sm font-semibold text-slate-800 ring-1 ring-slate-200 transition-colors hover:bg-slate-50 hover:ring-slate-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              {section.label}
              <ArrowRight
                className="size-4 text-slate-400 transition-transform group-hover:translate-x-0.5 group-hover:text-brand-700"
                aria-hidden="true"
              />
            </Link>
          </li>
        ))}
      </ul>
    </AdminPanel>
  );
}
