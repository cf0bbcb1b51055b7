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

// Many requests of TAKE_TOKENS_MANY_LUA in one script (a dialer tick's campaigns, decision 0051):
// each request is served exactly as that script would, one after the other in the given order and in
// the same window, so every token is still all-or-nothing across its levels and no level ever goes
// over. Buckets shared by requests (GLOBAL, a tenant's) are read once and kept in a table, so a
// request whose level is already full costs a lookup, not a Redis call.
// KEYS = the distinct bucket hashes; ARGV = the request count, then per request: the count asked,
// the number of levels, then per level the KEYS index and its capacity. Returns per request
// granted and the limiting level's 1-based position (0 when none), then the window second.
export const TAKE_TOKENS_BATCH_LUA = `
local sec = tonumber(redis.call('TIME')[1])
local used = {}
local dirty = {}
local function usedOf(k)
  local c = used[k]
  if c == nil then
    local v = redis.call('HMGET', KEYS[k], 's', 'c')
    c = 0
    if tonumber(v[1]) == sec then c = tonumber(v[2]) end
    used[k] = c
  end
  return c
end
local out = {}
local p = 2
for r = 1, tonumber(ARGV[1]) do
  local want = tonumber(ARGV[p])
  local levels = tonumber(ARGV[p + 1])
  p = p + 2
  local grant = want
  local refused = 0
  local lefts = {}
  for i = 1, levels do
    local left = tonumber(ARGV[p + 2 * i - 1]) - usedOf(tonumber(ARGV[p + 2 * i - 2]))
    lefts[i] = left
    if left <= 0 and want > 0 and refused == 0 then refused = i end
    if left < grant then grant = left end
  end
  local limited = 0
  if refused > 0 then
    grant = 0
    limited = refused
  else
    if grant < 0 then grant = 0 end
    if grant < want then
      for i = 1, levels do
        if lefts[i] <= grant then limited = i break end
      end
    end
    if grant > 0 then
      for i = 1, levels do
        local k = tonumber(ARGV[p + 2 * i - 2])
        used[k] = used[k] + grant
        dirty[k] = true
      end
    end
  end
  p = p + 2 * levels
  out[#out + 1] = grant
  out[#out + 1] = limited
end
for k in pairs(dirty) do
  redis.call('HSET', KEYS[k], 's', sec, 'c', used[k])
  redis.call('PEXPIRE', KEYS[k], 2000)
end
out[#out + 1] = sec
return out
`;
