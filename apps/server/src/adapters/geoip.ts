import { access, constants } from 'node:fs/promises';
import type { CountryResponse } from 'maxmind';
import type { Logger } from './logger.ts';

/** The ISO country code of an IP address, or null: answered from a local file only, never an online service. */
export type CountryLookup = (ip: string) => string | null;

const noCountry: CountryLookup = () => null;

/** Opens GEOIP_COUNTRY_DB when it names a readable .mmdb file; without one every visit's country is null. */
export async function openCountryLookup(path: string | undefined, logger: Logger): Promise<CountryLookup> {
  if (!path) return noCountry;
  if (!path.endsWith('.mmdb') || !(await access(path, constants.R_OK).then(() => true, () => false))) {
    logger.warn({ path }, 'GEOIP_COUNTRY_DB is not a readable .mmdb file: visits record no country');
    return noCountry;
  }
  const { default: maxmind } = await import('maxmind');
  const reader = await maxmind.open<CountryResponse>(path, { watchForUpdates: false });
  return (ip) => {
    if (!maxmind.validate(ip)) return null;
    return reader.get(ip)?.country?.iso_code ?? null;
  };
}
