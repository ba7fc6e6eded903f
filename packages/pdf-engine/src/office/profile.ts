import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A LibreOffice user profile that never runs macros, never updates links or recalculates on load
 * (WEBSERVICE(), external data), and refuses untrusted referer links. Written fresh for every
 * listener start and every cold conversion: nothing a document changes survives it.
 */
const SETTINGS: [path: string, name: string, type: string, value: string][] = [
  ['/org.openoffice.Office.Common/Security/Scripting', 'MacroSecurityLevel', 'xs:int', '3'],
  ['/org.openoffice.Office.Common/Security/Scripting', 'DisableMacrosExecution', 'xs:boolean', 'true'],
  ['/org.openoffice.Office.Common/Security/Scripting', 'BlockUntrustedRefererLinks', 'xs:boolean', 'true'],
  ['/org.openoffice.Office.Common/Misc', 'FirstRun', 'xs:boolean', 'false'],
  ['/org.openoffice.Office.Writer/Content/Update', 'Link', 'xs:int', '0'],
  ['/org.openoffice.Office.Calc/Content/Update', 'Link', 'xs:int', '1'],
  ['/org.openoffice.Office.Calc/Formula/Load', 'OOXMLRecalcMode', 'xs:int', '1'],
  ['/org.openoffice.Office.Calc/Formula/Load', 'ODFRecalcMode', 'xs:int', '1'],
  ['/org.openoffice.Office.Common/Misc', 'UseSystemFileDialog', 'xs:boolean', 'false'],
];

export function registryModifications(): string {
  const items = SETTINGS.map(
    ([path, name, type, value]) => `<item oor:path="${path}"><prop oor:name="${name}" oor:op="fuse" oor:type="${type}"><value>${value}</value></prop></item>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
    ...items,
    '</oor:items>',
    '',
  ].join('\n');
}

/** Creates `<dir>/user/registrymodifications.xcu`; pass `dir` as the UserInstallation. */
export async function writeProfile(dir: string): Promise<void> {
  await mkdir(join(dir, 'user'), { recursive: true, mode: 0o700 });
  await writeFile(join(dir, 'user', 'registrymodifications.xcu'), registryModifications());
}
