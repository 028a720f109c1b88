import { KeyRound } from 'lucide-react';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function ForgotPasswordRoute() {
  useDocumentTitle('Forgot password');

  return (
    <AuthCard
      icon={<KeyRound className="size-6" aria-hidden="true" />}
      title="Forgot your password?"
      description="Enter the email you signed up with and we'll send you a link to choose a new password."
      footer={
        <>
          Remembered it?{' '}
          <Link
            to={paths.login}
            className="font-semibold text-brand-800 hover:text-brand-950 hover:underline"
          >
            Back to sign in
          </Link>
        </>
      }
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
