import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';

/**
 * Apache PDFBox's preflight (Debian's libpdfbox2-java), a PDF/A-1b validator independent of ours.
 * Java 11 and later lack javax.activation and javax.xml.bind, which it needs (libactivation-java,
 * libjaxb-api-java).
 */

const run = promisify(execFile);
const JARS = ['preflight', 'pdfbox2', 'fontbox2', 'xmpbox', 'commons-logging', 'javax.activation', 'jaxb-api'].map((jar) => `/usr/share/java/${jar}.jar`);

/** Why preflight cannot run here, or undefined when it can. */
export const preflightMissing = (): string | undefined => {
  const missing = JARS.filter((jar) => !existsSync(jar));
  if (missing.length > 0) return `PDFBox preflight needs ${missing.join(', ')} (scripts/install.sh installs them)`;
  return existsSync('/usr/bin/java') ? undefined : 'PDFBox preflight needs java (default-jre-headless)';
};

/** Preflight's errors for a file ("3.1.1 : Invalid Font definition, …"); an empty list means valid PDF/A-1b. */
export async function preflightErrors(path: string): Promise<string[]> {
  const { stdout } = await run('java', ['-cp', JARS.join(':'), 'org.apache.pdfbox.preflight.Validator_A1b', path], { timeout: 120_000 }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  if (/is a valid PDF\/A-1b file/.test(stdout)) return [];
  const errors = stdout.split('\n').filter((line) => /^\d+(\.\d+)* : /.test(line));
  return errors.length > 0 ? errors : [stdout.trim() || 'preflight gave no verdict'];
}
