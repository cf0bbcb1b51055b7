// Inline like token-bucket.script.ts (tsc copies no .lua files into dist).
//
// Fixed-window login counters, every key of one attempt counted in ONE step: rate-limiter-flexible
// counts each key with its own command, so two instances could interleave between the keys of an
// attempt and no single order would hold for all of them (fewer, or more, than the limit verified).
//
// KEYS[i] = counter (an integer with the window as its expiry); ARGV[1] = limit, ARGV[2] = window
// in ms. Counts the attempt on every key, also when one refuses it; returns 0 when every key is
// within the limit, else the ms until the last blocking window ends.
export const CONSUME_RATE_LIMIT_LUA = `
local limit = tonumber(ARGV[1])
local blocked = 0
for i = 1, #KEYS do
  redis.call('SET', KEYS[i], 0, 'PX', ARGV[2], 'NX')
  local count = redis.call('INCR', KEYS[i])
  local ttl = redis.call('PTTL', KEYS[i])
  if ttl < 0 then
    redis.call('PEXPIRE', KEYS[i], ARGV[2])
    ttl = tonumber(ARGV[2])
  end
  if count > limit and ttl > blocked then blocked = ttl end
end
return blocked
`;

// Gives one attempt back to each key still in its window (never below zero, expiry unchanged).
export const REFUND_RATE_LIMIT_LUA = `
for i = 1, #KEYS do
  local count = tonumber(redis.call('GET', KEYS[i]))
  if count and count > 0 then redis.call('DECR', KEYS[i]) end
end
return 0
`;
