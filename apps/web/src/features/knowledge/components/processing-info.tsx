import { FileText, Info } from 'lucide-react';

import { Panel } from '@/components/ui/panel';

const guidelines = [
  'Use the supported formats: PDF, DOC, DOCX, TXT or MD.',
  'Remove sensitive or personal information before uploading.',
  'Split large documents into smaller files by topic.',
  'Use clear content with headings; scanned images without text cannot be read.',
];

const types = [
  { label: 'PDF', text: 'Adobe PDF' },
  { label: 'DOC', text: 'Word 97-2003' },
  { label: 'DOCX', text: 'Word' },
  { label: 'TXT', text: 'Plain text' },
  { label: 'MD', text: 'Markdown' },
];

export function ProcessingInfo() {
  return (
    <Panel title="Processing Information" icon={<Info className="size-5" aria-hidden="true" />}>
      <div className="space-y-6 p-5 sm:p-6">
        <p className="text-sm leading-6 text-slate-600">
          Each file is uploaded, its text extracted, split into passages and indexed, so your
          chatbot can quote it in answers. This usually takes seconds to a few minutes.
        </p>
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Processing Guidelines</h3>
          <ul className="mt-3 space-y-2 text-sm text-slate-600">
            {guidelines.map((guideline) => (
              <li key={guideline} className="flex gap-2">
                <span
                  className="mt-2 size-1.5 shrink-0 rounded-full bg-brand-600"
                  aria-hidden="true"
                />
                {guideline}
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Supported file types</h3>
          <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-2">
            {types.map((type) => (
              <li
                key={type.label}
                className="flex items-center gap-2 rounded-lg bg-slate-50 px-3 py-2 ring-1 ring-slate-200"
              >
                <FileText className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
                <span className="min-w-0">
                  <span className="block text-sm font-semibold text-slate-900">{type.label}</span>
                  <span className="block truncate text-xs text-slate-500">{type.text}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Panel>
  );
}
