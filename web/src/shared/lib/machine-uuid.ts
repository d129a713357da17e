const MACHINE_UUID_STORAGE_KEY = 'ae_machine_uuid';

let cached: string | undefined;

/**
 * A random id made once per browser and kept in local storage: the single-screen lease is held per
 * machine, so tabs of one browser share it. Without storage it lasts as long as the page.
 */
export function getMachineUuid(): string {
  if (cached) return cached;
  try {
    cached = window.localStorage.getItem(MACHINE_UUID_STORAGE_KEY) ?? undefined;
    if (!cached) {
      cached = newUuid();
      window.localStorage.setItem(MACHINE_UUID_STORAGE_KEY, cached);
    }
  } catch {
    cached ??= newUuid();
  }
  return cached;
}

/** crypto.randomUUID exists only in secure contexts (https, localhost); plain http on a LAN address needs this. */
function newUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
