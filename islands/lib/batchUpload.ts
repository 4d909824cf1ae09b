// The upload's file checks (spec 001 §5 "Batch upload"), as the server makes them again
// (server/batches readUpload): present, not empty, at most 2,097,152 bytes, a CSV by its name.

export const MSG_FILE_REQUIRED = 'File required';
export const MSG_FILE_NOT_PRESENT = 'File is not present';
export const MSG_FILE_TOO_LARGE = 'The file is too large';
export const MSG_NOT_CSV = 'The file must be a CSV file';

export type PickedFile = { name: string; size: number } | null | undefined;

/** The file field's error for what was picked, '' when it may be sent. */
export function fileError(f: PickedFile, maxBytes: number): string {
  if (!f || f.name === '') return MSG_FILE_REQUIRED;
  if (f.size === 0) return MSG_FILE_NOT_PRESENT;
  if (f.size > maxBytes) return MSG_FILE_TOO_LARGE;
  if (!/\.csv$/i.test(f.name)) return MSG_NOT_CSV;
  return '';
}

/** The upload's progress as the live region says it. */
export function progressText(loaded: number, total: number): string {
  if (total <= 0) return 'Uploading…';
  return 'Uploading… ' + Math.min(100, Math.round((loaded / total) * 100)) + '%';
}
