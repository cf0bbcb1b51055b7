-- +X and X are one DID. The unique index now compares the number without its leading '+', so it
-- alone decides, across tenants and under concurrency; the lookup function the services asked
-- before inserting (once per spelling) is no longer needed.
DROP INDEX inbound_routes_did_key;
CREATE UNIQUE INDEX inbound_routes_did_key ON inbound_routes ((ltrim(did_number, '+')));
DROP FUNCTION app_did_taken(text);
