import { describe, expect, it } from 'vitest';
import { fileError, progressText, MSG_FILE_NOT_PRESENT, MSG_FILE_REQUIRED, MSG_FILE_TOO_LARGE, MSG_NOT_CSV } from './batchUpload';

describe('fileError', () => {
  const max = 2_097_152;
  it.each([
    [null, MSG_FILE_REQUIRED],
    [{ name: '', size: 0 }, MSG_FILE_REQUIRED],
    [{ name: 'a.csv', size: 0 }, MSG_FILE_NOT_PRESENT],
    [{ name: 'a.csv', size: max }, ''],
    [{ name: 'a.csv', size: max + 1 }, MSG_FILE_TOO_LARGE],
    [{ name: 'a.CSV', size: 10 }, ''],
    [{ name: 'a.xlsx', size: 10 }, MSG_NOT_CSV],
  ])('%j → %s', (f, want) => {
    expect(fileError(f, max)).toBe(want);
  });
});

describe('progressText', () => {
  it('says the share sent', () => {
    expect(progressText(50, 200)).toBe('Uploading… 25%');
    expect(progressText(0, 0)).toBe('Uploading…');
  });
});
