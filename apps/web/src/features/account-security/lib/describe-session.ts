import Bowser from 'bowser';

export type DeviceKind = 'mobile' | 'tablet' | 'desktop';

/** "Safari on iOS" and the kind of device, read from a session's user agent. */
export function describeDevice(userAgent: string | null | undefined): { label: string; kind: DeviceKind } {
  if (!userAgent) return { label: 'Unknown browser', kind: 'desktop' };
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const system = parsed.os.name;
  const platform = parsed.platform.type;
  const kind: DeviceKind = platform === 'mobile' || platform === 'tablet' ? platform : 'desktop';
  if (!browser) return { label: 'Unknown browser', kind };
  return { label: system ? `${browser} on ${system}` : browser, kind };
}
