import { describe, expect, it } from 'vitest';
import { describeDevice } from './describe-session';

describe('describeDevice', () => {
  it('names the browser and system, and the kind of device', () => {
    expect(describeDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1')).toEqual({
      label: 'Safari on iOS',
      kind: 'mobile',
    });
    expect(describeDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36')).toEqual({
      label: 'Chrome on Windows',
      kind: 'desktop',
    });
    expect(describeDevice('Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1').kind).toBe('tablet');
  });

  it('says so when there is nothing to go on', () => {
    expect(describeDevice('')).toEqual({ label: 'Unknown browser', kind: 'desktop' });
    expect(describeDevice(null)).toEqual({ label: 'Unknown browser', kind: 'desktop' });
    expect(describeDevice('curl/8.5.0').label).toBe('Unknown browser');
  });
});
