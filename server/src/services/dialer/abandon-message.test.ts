import { describe, expect, it } from 'vitest';
import { abandonSoundPath, isPlainSwitchPath } from '../../platform/switch/naming.ts';
import { abandonCommand } from './originate-command.ts';

const campaignId = '44444444-4444-4444-8444-444444444444';

describe('isPlainSwitchPath: what reaches playback unchanged through uuid_transfer … inline', () => {
  it('takes an absolute path of letters, digits and / . _ -, as the platform names tenant sounds', () => {
    const path = abandonSoundPath('/var/lib/callcenter/freeswitch', 'acme-br', campaignId);
    expect(path).toBe(`/var/lib/callcenter/freeswitch/sounds/acme-br/abandon-${campaignId}.wav`);
    expect(isPlainSwitchPath(path)).toBe(true);
    expect(abandonCommand('c', path)).toBe(`uuid_transfer c 'playback:${path},hangup:NORMAL_CLEARING' inline`);
  });

  it('refuses what mod_commands, the inline dialplan or variable expansion would change', () => {
    for (const confDir of ['/srv/a,b', "/srv/o'brien", '/srv/my sounds', '/srv/${x}', '/srv/$${sounds_dir}', '/srv/a\\b', '/srv/a\tb', 'relative/dir', '/srv/../etc']) {
      expect(isPlainSwitchPath(abandonSoundPath(confDir, 'acme', campaignId)), confDir).toBe(false);
    }
  });
});
