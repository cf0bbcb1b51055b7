// Inline like rate-limit.script.ts (tsc copies no .lua files into dist).
//
// The login gate of login-gate.ts in ONE step, so parallel attempts on any instance get one order:
// judge the three counters, then reserve a failure on each (given back by SETTLE on success).
// KEYS: address, account, accountAddress. ARGV: addressFailures, accountFailures, windowMs,
// accountAddressFailures, accountAddressWindowMs. Returns 0 when admitted, else the ms to wait.
// Keep the judgement identical to refusalMs() in login-gate.ts.
export const ADMIT_LOGIN_LUA = `
local function counter(key)
  local count = tonumber(redis.call('GET', KEYS[key]) or '0')
  local ttl = redis.call('PTTL', KEYS[key])
  if ttl < 0 then ttl = 0 end
  return count, ttl
end
local address, addressTtl = counter(1)
local account, accountTtl = counter(2)
local pair, pairTtl = counter(3)
if address >= tonumber(ARGV[1]) then return math.max(1, addressTtl) end
if pair >= tonumber(ARGV[4]) then return math.max(1, pairTtl) end
if account >= tonumber(ARGV[2]) and (address > 0 or pair > 0) then
  local clean = 0
  if address > 0 then clean = addressTtl end
  if pair > 0 and pairTtl > clean then clean = pairTtl end
  return math.max(1, math.min(accountTtl, clean))
end
local windows = { ARGV[3], ARGV[3], ARGV[5] }
for i = 1, 3 do
  redis.call('SET', KEYS[i], 0, 'PX', windows[i], 'NX')
  redis.call('INCR', KEYS[i])
  if redis.call('PTTL', KEYS[i]) < 0 then redis.call('PEXPIRE', KEYS[i], windows[i]) end
end
return 0
`;

// A right password: the address and the account get their reserved failure back (never below
// zero, expiry unchanged) and the account from this address starts afresh.
export const SETTLE_LOGIN_LUA = `
for i = 1, 2 do
  local count = tonumber(redis.call('GET', KEYS[i]))
  if count and count > 0 then redis.call('DECR', KEYS[i]) end
end
redis.call('DEL', KEYS[3])
return 0
`;
