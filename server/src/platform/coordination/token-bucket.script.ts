// Inline rather than a .lua file: `tsc` does not copy non-TS files into dist, so a file read at
// runtime would be missing from the build.
//
// Fixed 1-second window on Redis' own clock (TIME): exact "N per second" accounting, the same
// window for every instance whatever their clocks say, and all-or-nothing is a simple two-pass.
//
// KEYS[i] = bucket hash {s = window second, c = tokens taken in it}; ARGV[i] = its capacity.
// Returns 0 when every bucket gave a token, else the 1-based index of the first full bucket
// (nothing written in that case).
export const TAKE_TOKENS_LUA = `
local sec = tonumber(redis.call('TIME')[1])
local counts = {}
for i = 1, #KEYS do
  local v = redis.call('HMGET', KEYS[i], 's', 'c')
  local c = 0
  if tonumber(v[1]) == sec then c = tonumber(v[2]) end
  if c >= tonumber(ARGV[i]) then return i end
  counts[i] = c
end
for i = 1, #KEYS do
  redis.call('HSET', KEYS[i], 's', sec, 'c', counts[i] + 1)
  redis.call('PEXPIRE', KEYS[i], 2000)
end
return 0
`;
