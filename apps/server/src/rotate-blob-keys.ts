import { resolve } from 'node:path';
import { rotateBlobKeys } from './adapters/blob-store/rotation.ts';
import { createLogger } from './adapters/logger.ts';
import { loadConfig } from './config.ts';
import { blobKeyRing, createBlobStore, embeddedAuthSecret } from './container.ts';

/**
 * `npm run blobs:rotate`: after BLOB_MASTER_KEY (or AUTH_SECRET) changed, with the former value in
 * BLOB_PREVIOUS_KEYS, re-wraps every stored blob under the new key; then the former value can go.
 */
const config = loadConfig(process.env);
const logger = createLogger(config.LOG_LEVEL);
const dataDir = resolve(config.DATA_DIR);
const store = await createBlobStore(config, dataDir, blobKeyRing(config, config.AUTH_SECRET ?? embeddedAuthSecret(dataDir)));
const counts = await rotateBlobKeys(store);
logger.info(counts, 'stored files re-wrapped under the current key');
