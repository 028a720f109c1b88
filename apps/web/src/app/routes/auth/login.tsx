import { Link, useSearchParams } from 'react-router';

import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { LoginForm } from '@/features/auth/components/login-form';
import { RedirectIfSignedIn } from '@/features/auth/components/redirect-if-signed-in';
import { withRedirect } from '@/features/auth/components/with-redirect';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function LoginRoute() {
  useDocumentTitle('Log in');
  const [params] = useSearchParams();

  return (
    <RedirectIfSignedIn>
      <AuthCard
        title="Welcome back"
        description="Sign in to manage your chatbots, documents and leads."
        footer={
          <>
            Don&apos;t have an account?{' '}
            <Link
              to={withRedirect(paths.register, params.get('redirect'))}
              className="font-semibold text-brand-800 hover:text-brand-950 hover:underline"
            >
              Sign up
            </Link>
          </>
        }
      >
        <LoginForm />
      </AuthCard>
    </RedirectIfSignedIn>
  );
}
