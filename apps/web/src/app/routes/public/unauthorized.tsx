import { ShieldAlert } from 'lucide-react';

import { ButtonLink } from '@/components/ui/button';
import { CardPanel } from '@/components/ui/card-panel';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function UnauthorizedRoute() {
  useDocumentTitle('Access denied');

  return (
    <CardPanel
      icon={<ShieldAlert className="size-6" aria-hidden="true" />}
      title="Access denied"
      actions={
        <>
          <ButtonLink to={paths.admin}>Return to Dashboard</ButtonLink>
          <ButtonLink to={paths.adminLogin} variant="secondary">
            Sign in with another account
          </ButtonLink>
        </>
      }
    >
      <p>You don&apos;t have permission to access this page.</p>
      <p className="mt-2 text-sm text-slate-500">
        Your role does not include this part of the admin area. Ask a super admin if you need it.
      </p>
    </CardPanel>
  );
}
