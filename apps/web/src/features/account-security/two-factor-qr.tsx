import { useMemo } from 'react';
import { encode } from 'uqr';

/**
 * The otpauth:// link as a QR code, drawn as one SVG path. Dark on white in both themes: phone
 * cameras read dark-on-light codes most reliably.
 */
export function TwoFactorQr({ totpUri }: { totpUri: string }) {
  const { size, path } = useMemo(() => {
    const qr = encode(totpUri, { ecc: 'M', border: 2 });
    let d = '';
    qr.data.forEach((row, y) => row.forEach((dark, x) => (d += dark ? `M${x} ${y}h1v1h-1z` : '')));
    return { size: qr.size, path: d };
  }, [totpUri]);

  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label="QR code to scan with your authenticator app"
      shapeRendering="crispEdges"
      className="size-48 rounded-md border bg-white"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
