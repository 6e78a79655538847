/**
 * The optional YAML config file (input `config`): read here, parsed by src/config/file-parse.ts, which is loaded only
 * when there is a file (the YAML library is ~290 KB of code to compile at start-up).
 */
import { readFile } from 'node:fs/promises';
import { DEFAULT_FILE_CONFIG, type FileConfig } from './file-config.ts';
import { InputError } from './inputs.ts';

export { DEFAULT_FILE_CONFIG, type FileConfig } from './file-config.ts';

export async function loadFileConfig(path: string): Promise<FileConfig> {
  if (!path) return DEFAULT_FILE_CONFIG;
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new InputError(`Config file ${path} cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (await import('./file-parse.ts')).parseFileConfig(text, path);
}
