/**
 * Request logs never hold a secret from a URL: the app's own request log line, through its real
 * logger, for a video page address with a room token in the query and a booking key.
 */
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { testConfig } from '../test/helpers.js';
import { loggableUrl } from './log-url.js';

describe('loggable URLs', () => {
  it('replaces the values of secret-bearing query parameters and keeps the rest', () => {
    expect(
      loggableUrl('/daily_video_call.html?roomUrl=%2Frtc%2Fc1&token=abc&t=def&callId=c1'),
    ).toBe('/daily_video_call.html?roomUrl=%2Frtc%2Fc1&token=[redacted]&t=[redacted]&callId=c1');
    expect(loggableUrl('/x?apiKey=1&client%5Fkey=2&k=3&password=4&keep=5')).toBe(
      '/x?apiKey=[redacted]&client%5Fkey=[redacted]&k=[redacted]&password=[redacted]&keep=5',
    );
    expect(loggableUrl('/api/health')).toBe('/api/health');
    expect(loggableUrl('/x?%E0%A4%A=1&token')).toBe('/x?%E0%A4%A=1&token');
  });

  it("keeps them out of the app's request log", async () => {
    const lines: string[] = [];
    const app = await buildApp(testConfig({ logLevel: 'info' }), {
      logStream: { write: (line: string) => void lines.push(line) },
    });
    try {
      await app.inject({
        url: '/daily_video_call.html?roomUrl=x&token=room-secret-1&t=room-secret-2',
      });
      await app.inject({ url: '/api/appointments/apt_1?key=booking-secret-3' });
      const log = lines.join('\n');
      expect(log).toContain('token=[redacted]');
      for (const secret of ['room-secret-1', 'room-secret-2', 'booking-secret-3'])
        expect(log).not.toContain(secret);
    } finally {
      await app.close();
    }
  });
});
