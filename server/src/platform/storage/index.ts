// The one place that picks the object storage from the configuration.
import path from 'node:path';
import type { Config } from '../../config.ts';
import { S3ObjectStorage } from './s3.ts';
import { LocalObjectStorage, type ObjectStorage } from './storage.ts';

/** STORAGE_PROVIDER=s3: the bucket (parseConfig already required S3_BUCKET and S3_REGION); else DATA_DIR/objects. */
export function createStorage(config: Pick<Config, 'storage' | 'dataDir'>): ObjectStorage {
  const { provider, s3 } = config.storage;
  if (provider === 's3') {
    return new S3ObjectStorage({
      bucket: s3.bucket!,
      region: s3.region!,
      endpoint: s3.endpoint,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
    });
  }
  return new LocalObjectStorage(path.join(config.dataDir, 'objects'));
}

export { LocalObjectStorage, type ByteRange, type ObjectBody, type ObjectStorage, type StoredObject } from './storage.ts';
export { S3ObjectStorage } from './s3.ts';
