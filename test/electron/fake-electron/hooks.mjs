// Module resolution hook: `electron` resolves to the fake next to this file.
export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'electron') {
    return { url: new URL('./electron.mjs', import.meta.url).href, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}
