import type { Database, Executor } from '../../db/client';
import {
  readSection,
  writeSection,
  type PlatformSettingsSection,
} from './platform-settings.repository';

// The one writer of `platform_settings`. Each section's owner (general and security: the back
// office settings; payment: billing) validates, encrypts its secrets and audits before it writes
// here; this only stores a section as one JSON value, so sections never overwrite each other.
export class PlatformSettingsService {
  constructor(private readonly db: Database) {}

  async read(key: PlatformSettingsSection): Promise<Record<string, unknown> | null> {
    return (await readSection(this.db, key))?.value ?? null;
  }

  async write(
    key: PlatformSettingsSection,
    value: Record<string, unknown>,
    updatedBy: string | null,
    tx: Executor = this.db,
  ) {
    await writeSection(tx, key, value, updatedBy);
  }
}
