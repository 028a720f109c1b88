import { FileText } from 'lucide-react';

import { DashboardComingSoon } from '@/components/layouts/dashboard-coming-soon';
import { DashboardPageHeader } from '@/components/layouts/dashboard-page-header';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function DocumentsRoute() {
  useDocumentTitle('Documents');

  return (
    <div className="space-y-8">
      <DashboardPageHeader
        title="Documents"
        description="Upload and manage documents for your chatbots"
      />
      <DashboardComingSoon
        icon={<FileText className="size-6" aria-hidden="true" />}
        title="Document uploads arrive soon"
      >
        <p>
          You will upload PDF, DOC, DOCX, TXT and MD files of up to 10 MB here, and follow each one
          as it is processed into your chatbots&apos; knowledge.
        </p>
      </DashboardComingSoon>
    </div>
  );
}
