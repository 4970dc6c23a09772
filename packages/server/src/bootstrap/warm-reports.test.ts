import { describe, expect, it, vi } from 'vitest';
import { warmReports } from './warm-reports.js';

const quietLog = () => ({ info: vi.fn(), warn: vi.fn() });

describe('warmReports', () => {
  it('reads the report once and waits for the re-checks it started', async () => {
    const order: string[] = [];
    const reports = {
      getReport: vi.fn(async () => {
        order.push('report');
        return {} as never;
      }),
      settled: vi.fn(async () => void order.push('settled')),
    };
    const log = quietLog();
    expect(await warmReports({ reports, log })).toEqual(expect.any(Number));
    expect(order).toEqual(['report', 'settled']);
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('lets the process start when the report cannot be read', async () => {
    const log = quietLog();
    const failing = {
      getReport: vi.fn(() => Promise.reject(new Error('database gone'))),
      settled: vi.fn(() => Promise.resolve()),
    };
    expect(await warmReports({ reports: failing, log })).toBeNull();
    expect(log.warn).toHaveBeenCalledOnce();
  });
});
