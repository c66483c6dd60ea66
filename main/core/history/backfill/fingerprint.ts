// Alertmanager's fingerprint of a label set (prometheus/common model/signature.go,
// labelSetToFingerprint): FNV-1a 64 over the label names sorted by their bytes, each name and
// value followed by the separator byte 0xff, printed as 16 hex digits. A record filled from
// Prometheus then carries the fingerprint the app sees for the same alert in Alertmanager.
const OFFSET = 0xcbf29ce484222325n;
const PRIME = 0x100000001b3n;
const MASK = 0xffffffffffffffffn;
const SEPARATOR = 0xff;

function add(h: bigint, bytes: Uint8Array): bigint {
  for (const b of bytes) h = ((h ^ BigInt(b)) * PRIME) & MASK;
  return h;
}

export function fingerprintOf(labels: Readonly<Record<string, string>>): string {
  const names = Object.keys(labels)
    .map((n) => Buffer.from(n, 'utf8'))
    .sort(Buffer.compare);
  let h = OFFSET;
  const sep = Uint8Array.of(SEPARATOR);
  for (const name of names) {
    h = add(h, name);
    h = add(h, sep);
    h = add(h, Buffer.from(labels[name.toString('utf8')] ?? '', 'utf8'));
    h = add(h, sep);
  }
  return h.toString(16).padStart(16, '0');
}
