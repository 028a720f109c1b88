import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { AdminLoginForm } from '@/features/admin/components/admin-login-form';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function AdminLoginRoute() {
  useDocumentTitle('Admin sign-in');

  return (
    <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-xl shadow-slate-900/5 ring-1 ring-slate-200 sm:p-10">
      <div className="text-center">
        <div className="mx-auto flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-800 ring-1 ring-brand-100">
          <ShieldCheck className="size-6" aria-hidden="true" />
        </div>
        <h1 className="mt-6 text-2xl font-bold tracking-tight text-slate-900">Admin sign-in</h1>
        <p className="mt-2 text-sm text-slate-600">
          For Askwell staff. Customers sign in elsewhere.
        </p>
      </div>
      <div className="mt-8">
        <AdminLoginForm />
      </div>
      <p className="mt-8 text-center text-sm text-slate-600">
        Looking for your chatbots?{' '}
        <Link
          to={paths.login}
          className="rounded font-semibold whitespace-nowrap text-brand-800 underline-offset-4 hover:underline"
        >
          Customer sign-in
        </Link>
      </p>
    </div>
  );
}
