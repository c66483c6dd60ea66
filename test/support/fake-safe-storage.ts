import type { SafeStorageLike } from '../../main/electron/secrets.ts';

/** Reversible "encryption" that is visibly not plaintext, like safeStorage's output. */
export function fakeSafeStorage(backend = 'gnome_libsecret', available = true): SafeStorageLike {
  return {
    isEncryptionAvailable: () => available,
    encryptString: (s) => Buffer.from(`v10${Buffer.from(s).reverse().toString('hex')}`),
    decryptString: (b) => Buffer.from(b.toString().slice(3), 'hex').reverse().toString(),
    getSelectedStorageBackend: () => backend,
  };
}
