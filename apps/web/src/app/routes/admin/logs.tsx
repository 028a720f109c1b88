import { AuditLog } from '@/features/admin/components/audit-log';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function AdminLogsRoute() {
  useDocumentTitle('Audit Logs');
  return <AuditLog />;
}
