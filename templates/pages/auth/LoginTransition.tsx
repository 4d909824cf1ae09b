import { AuthLayout } from '../../components/AuthLayout';
import type { PageProps } from '../../generated/props';

// Splash while logging in; the document's meta refresh moves on, and the
// link does the same for anyone whose browser ignores refreshes.
export default function LoginTransition({ next }: PageProps['LoginTransition']) {
  return (
    <AuthLayout>
      <h1 className="mb-4 text-2xl font-semibold" role="status">Logging in</h1>
      <p><a href={next} className="text-blue-800 underline">Continue</a></p>
    </AuthLayout>
  );
}
