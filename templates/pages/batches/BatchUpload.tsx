import { Shell } from '../../components/Shell';
import { Island } from '../../components/Island';
import type { PageProps } from '../../generated/props';

// Upload batch file (spec 001 §2 "Upload dialog") as a page: the BatchUpload island, whose
// server markup is a plain multipart form and whose answer is this page in the state the
// dialog shows (accepted, failed).

type Props = PageProps['BatchUpload'];

export default function BatchUpload(p: Props) {
  return (
    <Shell shell={p.shell}>
      <div className="max-w-2xl">
        <h1 className="mb-4 text-2xl font-semibold">Upload batch file</h1>
        <Island name="BatchUpload" props={p.upload} />
      </div>
    </Shell>
  );
}
