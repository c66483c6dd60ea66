// `node --import ./register.mjs out/main/index.js` runs the real main bundle on the fake.
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url);
