// Instance list changes, made on the settings as stored (each is saved at once by its own
// button, apart from the settings form's draft).
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

/** `current` without the instance `id`. */
export function withoutInstance(current: Settings, id: string): Settings {
  return { ...current, instances: current.instances.filter((i) => i.id !== id) };
}
