import CFB from 'cfb';

/** A MAPI string property's stream: PT_UNICODE, UTF-16LE. */
const unicode = (text: string) => Buffer.from(text, 'utf16le');

/** A property stream's fixed-length entries: tag (id << 16 | type), flags, eight bytes of value. */
function properties(headerBytes: number, entries: { id: number; type: number; value: Buffer }[]): Buffer {
  const body = entries.map(({ id, type, value }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt32LE(((id << 16) | type) >>> 0, 0);
    entry.writeUInt32LE(6, 4); // readable and writable
    value.copy(entry, 8, 0, 8);
    return entry;
  });
  return Buffer.concat([Buffer.alloc(headerBytes), ...body]);
}

const long = (n: number) => {
  const value = Buffer.alloc(8);
  value.writeUInt32LE(n, 0);
  return value;
};

/** FILETIME: 100 ns ticks since 1601. */
const fileTime = (date: Date) => {
  const value = Buffer.alloc(8);
  value.writeBigUInt64LE(BigInt(date.getTime() + 11_644_473_600_000) * 10_000n, 0);
  return value;
};

export interface OutlookMessage {
  subject: string;
  body: string;
  from: { name: string; email: string };
  to: { name: string; email: string };
  sent: Date;
  attachment?: { filename: string; bytes: Buffer };
}

/** An Outlook .msg file as Outlook writes one: a compound file of MAPI property streams (MS-OXMSG). */
export function outlookMessage(message: OutlookMessage): Buffer {
  const file = CFB.utils.cfb_new();
  const add = (path: string, content: Buffer) => CFB.utils.cfb_add(file, path, content);
  add('/__substg1.0_001A001F', unicode('IPM.Note'));
  add('/__substg1.0_0037001F', unicode(message.subject));
  add('/__substg1.0_1000001F', unicode(message.body));
  add('/__substg1.0_0C1A001F', unicode(message.from.name));
  add('/__substg1.0_0C1F001F', unicode(message.from.email));
  add('/__substg1.0_0065001F', unicode(message.from.email));
  add('/__substg1.0_0E04001F', unicode(message.to.name));
  add('/__properties_version1.0', properties(32, [{ id: 0x0039, type: 0x0040, value: fileTime(message.sent) }, { id: 0x0e06, type: 0x0040, value: fileTime(message.sent) }]));
  const recipient = '/__recip_version1.0_#00000000';
  add(`${recipient}/__substg1.0_3001001F`, unicode(message.to.name));
  add(`${recipient}/__substg1.0_3003001F`, unicode(message.to.email));
  add(`${recipient}/__substg1.0_39FE001F`, unicode(message.to.email));
  add(`${recipient}/__properties_version1.0`, properties(8, [{ id: 0x0c15, type: 0x0003, value: long(1) }]));
  if (message.attachment) {
    const attachment = '/__attach_version1.0_#00000000';
    add(`${attachment}/__substg1.0_3707001F`, unicode(message.attachment.filename));
    add(`${attachment}/__substg1.0_3704001F`, unicode(message.attachment.filename));
    add(`${attachment}/__substg1.0_37010102`, message.attachment.bytes);
    add(`${attachment}/__properties_version1.0`, properties(8, [{ id: 0x3705, type: 0x0003, value: long(1) }]));
  }
  return Buffer.from(CFB.write(file, { type: 'buffer' }) as Uint8Array);
}
