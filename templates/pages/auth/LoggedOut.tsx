import { AuthLayout } from '../../components/AuthLayout';
import type { PageProps } from '../../generated/props';

export default function LoggedOut({ sandbox }: PageProps['LoggedOut']) {
  return (
    <AuthLayout sandbox={sandbox}>
      <h1 className="mb-4 text-2xl font-semibold">Thanks for now</h1>
      <p className="mb-6">You have been logged out.</p>
      <a href="/login" className="inline-block rounded bg-blue-800 px-4 py-2 font-medium text-white">Log in again</a>
    </AuthLayout>
  );
}
