// The last check before settings reach a file: nothing that looks like a secret is ever written
// inline (secrets live in the SecretStore; settings hold only `passwordKey`/`tokenKey`).

/** Keys that hold secret values; `passwordKey`/`tokenKey` are references and are fine. */
const SECRET_KEY = /^(password|passwd|token|bearertoken|secret|clientsecret|apikey|api_key)$/i;
const CREDENTIAL_HEADER = /^(authorization|proxy-authorization|cookie)$/i;

/** Paths of fields that look like inline secrets (empty when the object is clean). */
export function findInlineSecrets(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) {
    return value.flatMap((v, i) => findInlineSecrets(v, `${path}[${i}]`));
  }
  if (typeof value !== 'object' || value === null) return [];
  const found: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    const p = path ? `${path}.${key}` : key;
    if (SECRET_KEY.test(key) && v !== undefined && v !== null && v !== '') found.push(p);
    else if (path.endsWith('headers') && CREDENTIAL_HEADER.test(key)) found.push(p);
    else found.push(...findInlineSecrets(v, p));
  }
  return found;
}
