import { AuthLayout } from '../../components/AuthLayout';
import type { PageProps } from '../../generated/props';

// Expired invitation link (spec 000 §2): an unknown, used or expired
// invitation token lands here.
export default function InvitationExpired({ sandbox, lifetime }: PageProps['InvitationExpired']) {
  return (
    <AuthLayout sandbox={sandbox}>
      <h1 className="mb-6 text-2xl font-semibold">Your link expired</h1>
      <p className="mb-4">This invitation link has expired or has already been used. An invitation link works once, for {lifetime}.</p>
      <p className="mb-6">Please ask your administrator to send you a new invitation.</p>
      <a href="/login" className="text-blue-800 underline">Go to log in</a>
    </AuthLayout>
  );
}
