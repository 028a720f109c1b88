import { DocumentsPage } from '@/features/knowledge/components/documents-page';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSourceProgressSync } from '@/lib/realtime';

export function DocumentsRoute() {
  useDocumentTitle('Documents');
  useSourceProgressSync();
  return <DocumentsPage />;
}
