import { accountOptionDefaults, takesAccountDefaults, type Tool } from '@wattle/shared';
import type { Ports } from '../../ports.ts';
import { userIdOf } from '../../domain/owner.ts';
import { findToolSettings } from '../../repositories/profiles.ts';
import type { Caller } from './admission.ts';

/**
 * An account holder's submission starts from their PDF settings (shared `accountOptionDefaults`: Export
 * Quality for compress and pdf-to-image, Default Page Size for image-to-pdf, blank-pdf and text-to-pdf) before the registry's
 * defaults fill in the rest. Options the caller sent always win; visitors get the registry's defaults.
 */
export async function withAccountDefaults(container: Pick<Ports, 'db'>, caller: Caller, tool: Tool, raw: unknown): Promise<unknown> {
  const userId = userIdOf(caller.owner);
  // Anything but an object is left for the schema to refuse.
  if (!userId || !takesAccountDefaults(tool.id) || !raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const settings = await findToolSettings(container.db, userId);
  return settings ? { ...accountOptionDefaults(tool.id, settings), ...raw } : raw;
}
