import { CenteredLayout } from '@/components/layouts/centered-layout';

import { ErrorScreen } from './error-screen';

// Last line of defence: used when the site layout itself failed, so it renders without it.
export function RootErrorBoundary() {
  return (
    <CenteredLayout>
      <ErrorScreen />
    </CenteredLayout>
  );
}
