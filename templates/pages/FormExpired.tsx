import { AuthLayout } from '../components/AuthLayout';
import type { PageProps } from '../generated/props';

export default function FormExpired({ sandbox, home }: PageProps['FormExpired']) {
  return (
    <AuthLayout sandbox={sandbox}>
      <h1 className="mb-4 text-2xl font-semibold">This form has expired</h1>
      <p className="mb-6">For your security, forms stop working when a session ends. Nothing was changed. Please go back, reload the page and try again.</p>
      <a href={home} className="text-blue-800 underline">Go to the home page</a>
    </AuthLayout>
  );
}
