// The first-run setup screen's one change: an instance added to the settings as stored.
import type { InstanceSettings, Settings } from '$core/settings/types.ts';

/** `current` with `inst` replacing the instance of the same id, or added at the end. */
export function withInstance(current: Settings, inst: InstanceSettings): Settings {
  const exists = current.instances.some((i) => i.id === inst.id);
  return {
    ...current,
    instances: exists
      ? current.instances.map((i) => (i.id === inst.id ? inst : i))
      : [...current.instances, inst],
  };
}
