import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readWav } from '../../modules/ivr-menus/wav.ts';
import { DEFAULT_ABANDON_ASSETS, defaultAbandonLanguage } from './abandon-message.ts';

describe('the default abandon message', () => {
  it('is Portuguese for a Portuguese tenant, English for any other', () => {
    expect(defaultAbandonLanguage('pt-BR')).toBe('pt-BR');
    expect(defaultAbandonLanguage('pt')).toBe('pt-BR');
    expect(defaultAbandonLanguage('en')).toBe('en');
    expect(defaultAbandonLanguage('es')).toBe('en');
    expect(defaultAbandonLanguage(null)).toBe('en');
  });

  it('ships as 8 kHz mono 16-bit PCM, a few seconds long, in both languages', () => {
    for (const file of Object.values(DEFAULT_ABANDON_ASSETS)) {
      const data = readFileSync(file);
      const read = readWav(data);
      expect(read).toMatchObject({ format: { sampleRate: 8000, channels: 1, bitsPerSample: 16 } });
      // Speech, not silence: 5 to 20 s at 16 kB/s.
      expect(data.length).toBeGreaterThan(80_000);
      expect(data.length).toBeLessThan(320_000);
    }
  });
});
