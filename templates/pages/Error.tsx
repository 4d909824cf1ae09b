import { AuthLayout } from '../components/AuthLayout';
import type { PageProps } from '../generated/props';

export default function ErrorPage({ sandbox, support, home, message, unavailable }: PageProps['Error']) {
  if (unavailable) {
    return (
      <AuthLayout sandbox={sandbox}>
        <h1 className="mb-4 text-2xl font-semibold">This service is temporarily unavailable</h1>
        <p className="mb-6">Please try again in a minute.</p>
        <p className="flex gap-4">
          <a href={home} className="text-blue-800 underline">Go to the home page</a>
          <a href={support} className="text-blue-800 underline">Contact support</a>
        </p>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout sandbox={sandbox}>
      <h1 className="mb-4 text-2xl font-semibold">Oops, something went wrong!</h1>
      {message ? <p role="alert" className="mb-4 font-medium">{message}</p> : null}
      <p className="mb-6">Please try again in a moment. If it keeps happening, we are here to help.</p>
      <p className="flex gap-4">
        <a href={support} className="text-blue-800 underline">Contact support</a>
        <a href={home} className="text-blue-800 underline">Go to the home page</a>
      </p>
    </AuthLayout>
  );
}
