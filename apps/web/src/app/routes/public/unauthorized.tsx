import { isStaffRole } from '@askwell/shared';
import { ShieldAlert } from 'lucide-react';

import { ButtonLink } from '@/components/ui/button';
import { CardPanel } from '@/components/ui/card-panel';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useProfile } from '@/lib/auth';

export function UnauthorizedRoute() {
  useDocumentTitle('Access denied');
  const profile = useProfile();
  // The admin guard sends every refused visitor here: a customer's way back is their own
  // dashboard, since /admin would only refuse them again.
  const customer = Boolean(profile.data) && !isStaffRole(profile.data?.role);

  return (
    <CardPanel
      icon={<ShieldAlert className="size-6" aria-hidden="true" />}
      title="Access denied"
      actions={
        <>
          <ButtonLink to={customer ? paths.dashboard : paths.admin}>Return to Dashboard</ButtonLink>
          <ButtonLink to={paths.adminLogin} variant="secondary">
            Sign in with another account
          </ButtonLink>
        </>
      }
    >
      <p>You don&apos;t have permission to access this page.</p>
      <p className="mt-2 text-sm text-slate-500">
        {customer
          ? 'The admin area is for Askwell staff. Your chatbots, documents and leads are on your dashboard.'
          : 'Your role does not include this part of the admin area. Ask a super admin if you need it.'}
      </p>
    </CardPanel>
  );
}
