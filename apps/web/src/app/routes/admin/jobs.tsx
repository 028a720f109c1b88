import { AdminPageHeader } from '@/features/admin/components/admin-page-header';
import { TrainingJobs } from '@/features/admin/components/training-jobs';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function AdminJobsRoute() {
  useDocumentTitle('Training Jobs');
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Training Jobs"
        description="Every document and website being read into a chatbot, across all customers. Retry a failed job or cancel one that is stuck."
      />
      <TrainingJobs />
    </div>
  );
}
