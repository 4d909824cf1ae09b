import { describe, expect, it } from 'vitest';
import { batchTone, orderTone, statusTone } from './tones';

describe('statusTone', () => {
  it('colours by status, blue for the ones on their way', () => {
    expect(statusTone('completed')).toContain('bg-green-100');
    expect(statusTone('rejected')).toContain('bg-red-100');
    expect(statusTone('returned')).toContain('bg-red-100');
    expect(statusTone('action_required')).toContain('bg-amber-100');
    expect(statusTone('cancelled')).toContain('bg-gray-200');
    for (const s of ['received', 'processing', 'pending', 'anything']) expect(statusTone(s)).toContain('bg-blue-100');
  });
});

describe('orderTone', () => {
  it('colours paid and refunded green, money back red, waiting amber', () => {
    for (const s of ['completed', 'refunded', 'partially_refunded']) expect(orderTone(s)).toContain('bg-green-100');
    for (const s of ['action_required', 'action_required_for_refund']) expect(orderTone(s)).toContain('bg-amber-100');
    expect(orderTone('refund_returned')).toContain('bg-red-100');
    expect(orderTone('cancelled')).toContain('bg-gray-200');
    expect(orderTone('pending')).toContain('bg-blue-100');
  });
});

describe('batchTone', () => {
  it('colours published, waiting and declined batches, nothing else', () => {
    expect(batchTone('completed')).toContain('bg-green-100');
    expect(batchTone('waiting_review')).toContain('bg-amber-100');
    expect(batchTone('rejected')).toContain('bg-red-100');
    expect(batchTone('anything')).toBe('rounded px-2 py-0.5 text-sm ');
  });
});
