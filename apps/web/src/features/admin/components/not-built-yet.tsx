import { AdminPanel } from './admin-panel';

const sections = [
  { title: 'System Analytics', text: 'Active users, system load, API requests and host health.' },
  { title: 'API Usage', text: 'Calls, tokens and estimated cost per model provider.' },
  { title: 'Training Jobs', text: 'Document and website jobs across the platform, with retry.' },
  { title: 'System Configuration', text: 'Site name, security and payment settings.' },
] as const;

// Sections the spec puts on the dashboard that are not built yet: named, with no figures, so
// nobody mistakes a placeholder for a measurement.
export function NotBuiltYet() {
  return (
    <AdminPanel
      title="Not available yet"
      description="These dashboard sections are not built yet, so they show nothing rather than made-up figures."
    >
      <ul className="grid grid-cols-1 gap-px bg-slate-100 sm:grid-cols-2">
        {sections.map((section) => (
          <li key={section.title} className="bg-white px-5 py-4 sm:px-6">
            <p className="text-sm font-semibold text-slate-900">{section.title}</p>
            <p className="mt-1 text-sm text-slate-600">{section.text}</p>
          </li>
        ))}
      </ul>
    </AdminPanel>
  );
}
