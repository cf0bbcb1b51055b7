// Who may drive the simulated world: the control API listens on loopback, but a web page in the
// same browser can reach loopback too, so every request must carry the token printed at start,
// come from no foreign page (Origin) and send JSON (a form post cannot set that type unasked).
import { randomBytes, timingSafeEqual } from 'node:crypto';

export interface AccessRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface Refusal {
  status: 401 | 403 | 415;
  error: string;
}

/** The file under DATA_DIR where `npm start` leaves the built-in simulator's token for `npm run sim`. */
export const CONTROL_TOKEN_FILE = 'switch-sim-control-token';

/** A fresh token: 24 random bytes, URL-safe, so it pastes into a shell unquoted. */
export function newControlToken(): string {
  return randomBytes(24).toString('base64url');
}

const header = (req: AccessRequest, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Why a request is refused, or undefined when it may go on. `ownOrigins` are the API's own addresses. */
export function refusal(
  req: AccessRequest,
  token: string,
  ownOrigins: readonly string[],
): Refusal | undefined {
  const origin = header(req, 'origin');
  if (origin !== undefined && !ownOrigins.includes(origin))
    return { status: 403, error: `requests from ${origin} are refused` };
  // Liveness only, it tells nothing about the simulated world.
  if (req.method === 'GET' && req.path === '/health') return undefined;
  const auth = header(req, 'authorization') ?? '';
  const match = /^Bearer (\S+)$/i.exec(auth);
  if (!match || !sameToken(match[1]!, token)) {
    return {
      status: 401,
      error:
        'a control token is required: Authorization: Bearer <token> (SWITCH_SIM_CONTROL_TOKEN for npm run sim)',
    };
  }
  if (req.method !== 'GET' && req.method !== 'DELETE') {
    const type = (header(req, 'content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/json')
      return { status: 415, error: 'the body must be JSON (content-type: application/json)' };
  }
  return undefined;
}
