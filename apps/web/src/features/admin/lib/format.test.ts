import { describe, expect, it } from 'vitest';

import { describeUserAgent, permissionLabel } from './format';

describe('permissionLabel', () => {
  it('when a permission has underscores, then they become spaces', () => {
    expect(permissionLabel('view_audit_logs')).toBe('view audit logs');
    expect(permissionLabel('admin.all')).toBe('admin.all');
  });
});

describe('describeUserAgent', () => {
  it('when the agent is a known browser, then it names browser and system', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome on macOS');
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
      ),
    ).toBe('Firefox on Windows');
  });

  it('when there is no agent, then the device is unknown', () => {
    expect(describeUserAgent(null)).toBe('Unknown device');
  });
});
