import { AuthLayout } from '../../components/AuthLayout';
import { CSRF } from '../../components/Form';
import type { PageProps } from '../../generated/props';

// The user is logged in but belongs to no organisation. "Back to login"
// logs out first: a logged-in user opening /login would be sent straight
// back here.
export default function NoOrganisation({ sandbox, csrf }: PageProps['NoOrganisation']) {
  return (
    <AuthLayout sandbox={sandbox}>
      <h1 className="mb-4 text-2xl font-semibold">No organisation</h1>
      <p className="mb-6">Your user is not attached to any organisation.</p>
      <form method="post" action="/logout">
        <CSRF token={csrf ?? ''} />
        <input type="hidden" name="next" value="login" />
        <button type="submit" className="text-blue-800 underline">Back to login</button>
      </form>
    </AuthLayout>
  );
}
