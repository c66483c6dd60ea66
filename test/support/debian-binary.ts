// A real component from a Debian package (prometheus-alertmanager, prometheus): where its
// binary is, and whether a test may run. With CI=true a missing binary is an error, never a
// silent skip (CI must install the package).
import { accessSync, constants } from 'node:fs';

export interface DebianBinary {
  /** The binary to run (the environment variable overrides the package's path). */
  path(): string;
  /** false when the binary is available; otherwise why the test skips (throws with CI=true). */
  skipReason(): string | false;
}

export function debianBinary(pkg: string, defaultPath: string, envVar: string): DebianBinary {
  const path = () => process.env[envVar] || defaultPath;
  return {
    path,
    skipReason() {
      const bin = path();
      try {
        accessSync(bin, constants.X_OK);
        return false;
      } catch {
        const msg = `${pkg} binary ${bin} not found: install the Debian package \`${pkg}\` (apt-get install ${pkg}) or set ${envVar}`;
        if (process.env.CI === 'true') throw new Error(msg);
        return msg;
      }
    },
  };
}
