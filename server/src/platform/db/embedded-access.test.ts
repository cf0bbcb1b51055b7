import { describe, expect, it } from 'vitest';
import { foldersToEnter } from './embedded-access.ts';

describe('foldersToEnter', () => {
  it('lists every folder above each path once, parents first', () => {
    expect(foldersToEnter(['/root/project/data', '/root/project/node_modules/pg/bin'])).toEqual([
      '/',
      '/root',
      '/root/project',
      '/root/project/data',
      '/root/project/node_modules',
      '/root/project/node_modules/pg',
      '/root/project/node_modules/pg/bin',
    ]);
  });
});
