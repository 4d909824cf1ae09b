import { AuthLayout } from '../components/AuthLayout';
import type { PageProps } from '../generated/props';

// One page for both: something broke (500 and the like), or a dependency is
// out of reach for a while (503), which asks for a retry in a minute.
export default function ErrorPage({ sandbox, support, home, message, unavailable }: PageProps['Error']) {
  return (
    <AuthLayout sandbox={sandbox}>
      <h1 className="mb-4 text-2xl font-semibold">
        {unavailable ? 'This service is temporarily unavailable' : 'Oops, something went wrong!'}
      </h1>
      {message ? <p role="alert" className="mb-4 font-medium">{message}</p> : null}
      <p className="mb-6">
        {unavailable
          ? 'Please try again in a minute.'
          : 'Please try again in a moment. If it keeps happening, we are here to help.'}
      </p>
      <p className="flex gap-4">
        <a href={support} className="text-blue-800 underline">Contact support</a>
        <a href={home} className="text-blue-800 underline">Go to the home page</a>
      </p>
    </AuthLayout>
  );
}
