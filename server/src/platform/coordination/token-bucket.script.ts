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

// The same buckets, up to ARGV[#KEYS + 1] tokens in one step: the grant is what the emptiest level
// has left (capped at the count asked), and every level is debited by that same number, so each
// token is still all-or-nothing across the levels. Returns { granted, index of the first level
// holding the grant below the count (0 when none), the window second } so a caller (or an audit)
// knows which window the tokens were counted in.
export const TAKE_TOKENS_MANY_LUA = `
local sec = tonumber(redis.call('TIME')[1])
local want = tonumber(ARGV[#KEYS + 1])
local counts = {}
local lefts = {}
local grant = want
for i = 1, #KEYS do
  local v = redis.call('HMGET', KEYS[i], 's', 'c')
  local c = 0
  if tonumber(v[1]) == sec then c = tonumber(v[2]) end
  local left = tonumber(ARGV[i]) - c
  if left <= 0 and want > 0 then return {0, i, sec} end
  counts[i] = c
  lefts[i] = left
  if left < grant then grant = left end
end
if grant < 0 then grant = 0 end
local limited = 0
if grant < want then
  for i = 1, #KEYS do
    if lefts[i] <= grant then limited = i break end
  end
end
if grant > 0 then
  for i = 1, #KEYS do
    redis.call('HSET', KEYS[i], 's', sec, 'c', counts[i] + grant)
    redis.call('PEXPIRE', KEYS[i], 2000)
  end
end
return {grant, limited, sec}
`;
