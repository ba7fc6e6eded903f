import { describe, expect, it } from 'vitest';
import { backupCodesText, groupedSecret, secretFromTotpUri } from './two-factor-setup.ts';

describe('two-factor setup text', () => {
  it('reads the key out of the otpauth link and groups it in fours', () => {
    const uri = 'otpauth://totp/Wattle%20PDF:olivia%40example.com.au?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Wattle+PDF&digits=6&period=30';
    expect(secretFromTotpUri(uri)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(groupedSecret('GEZDGNBVGY3TQOJQGEZ')).toBe('GEZD GNBV GY3T QOJQ GEZ');
    expect(secretFromTotpUri('not a link')).toBe('');
  });

  it('writes the backup codes one a line under who they are for', () => {
    expect(backupCodesText(['a1B2c-3D4e5', 'f6G7h-8I9j0'], 'olivia@example.com.au')).toBe(
      'Wattle PDF backup codes for olivia@example.com.au\n' +
        'Each code signs you in once when you cannot use your authenticator app. Keep them somewhere safe.\n\n' +
        'a1B2c-3D4e5\nf6G7h-8I9j0\n',
    );
  });
});
