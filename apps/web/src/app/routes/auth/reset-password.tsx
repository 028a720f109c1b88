import { LockKeyhole } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';

import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import {
  InvalidResetLink,
  ResetPasswordForm,
} from '@/features/auth/components/reset-password-form';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function ResetPasswordRoute() {
  useDocumentTitle('Reset password');
  const [params] = useSearchParams();
  const token = params.get('token');
  const usable = Boolean(token) && !params.has('error');

  return (
    <AuthCard
      icon={<LockKeyhole className="size-6" aria-hidden="true" />}
      title="Choose a new password"
      description={usable ? 'Afterwards you sign in again on every device.' : undefined}
      footer={
        <Link
          to={paths.login}
          className="font-semibold text-brand-800 hover:text-brand-950 hover:underline"
        >
          Back to sign in
        </Link>
      }
    >
      {usable && token ? <ResetPasswordForm token={token} /> : <InvalidResetLink />}
    </AuthCard>
  );
}
