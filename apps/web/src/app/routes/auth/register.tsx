import { trialDays } from '@askwell/shared';
import { Link, useSearchParams } from 'react-router';

import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { RedirectIfSignedIn } from '@/features/auth/components/redirect-if-signed-in';
import { RegisterForm } from '@/features/auth/components/register-form';
import { withRedirect } from '@/features/auth/components/with-redirect';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function RegisterRoute() {
  useDocumentTitle('Create your account');
  const [params] = useSearchParams();

  return (
    <RedirectIfSignedIn>
      <AuthCard
        title="Create your account"
        description={`Start your ${trialDays}-day free trial. No credit card required.`}
        footer={
          <>
            Already have an account?{' '}
            <Link
              to={withRedirect(paths.login, params.get('redirect'))}
              className="font-semibold text-brand-800 hover:text-brand-950 hover:underline"
            >
              Sign in
            </Link>
          </>
        }
      >
        <RegisterForm />
      </AuthCard>
    </RedirectIfSignedIn>
  );
}
