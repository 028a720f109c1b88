import { Bot, Search } from 'lucide-react';
import { useSearchParams } from 'react-router';

import { AdminPageHeader } from '@/features/admin/components/admin-page-header';
import { AdminPanel } from '@/features/admin/components/admin-panel';
import { EmptyTable } from '@/features/admin/components/empty-table';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function AdminChatbotsRoute() {
  useDocumentTitle('Chatbots');
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';

  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Chatbots"
        description="Every chatbot customers build on Askwell, newest first."
      />
      <AdminPanel>
        <div className="border-b border-slate-100 p-4 sm:px-6">
          <div className="relative max-w-md">
            <label htmlFor="chatbots-search" className="sr-only">
              Search chatbots
            </label>
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
              aria-hidden="true"
            />
            <input
              id="chatbots-search"
              type="search"
              value={search}
              onChange={(event) => {
                const value = event.target.value;
                setParams(value ? { search: value } : {}, { replace: true });
              }}
              placeholder="Search chatbots..."
              className="block h-10 w-full rounded-lg bg-white pr-3 pl-9 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-500 focus:ring-2 focus:ring-brand-700 focus:outline-none"
            />
          </div>
        </div>
        <EmptyTable
          caption="Chatbots"
          columns={['Chatbot', 'Goal', 'Tone', 'Created']}
          icon={Bot}
          emptyTitle="No chatbots found"
        >
          {search
            ? `No chatbot matches “${search}”.`
            : 'Chatbots appear here as soon as customers create them in their dashboard.'}
        </EmptyTable>
      </AdminPanel>
    </div>
  );
}
