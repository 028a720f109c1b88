import { ApiReference } from '@/features/api-docs/components/api-reference';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function ApiReferenceRoute() {
  useDocumentTitle('API reference');
  return <ApiReference />;
}
