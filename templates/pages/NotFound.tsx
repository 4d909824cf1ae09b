import { AuthLayout } from '../components/AuthLayout';
import type { PageProps } from '../generated/props';

export default function NotFound({ sandbox, home }: PageProps['NotFound']) {
  return (
    <AuthLayout sandbox={sandbox}>
      <h1 className="mb-4 text-2xl font-semibold">Oops! Page Not found</h1>
      <p className="mb-6">The page you asked for does not exist or has moved.</p>
      <a href={home} className="text-blue-800 underline">Go to the home page</a>
    </AuthLayout>
  );
}
