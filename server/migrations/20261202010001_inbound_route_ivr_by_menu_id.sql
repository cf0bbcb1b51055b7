-- An inbound route to an IVR names the menu by its id, as a queue route names the queue
-- (decision 0074): routes stored with the menu's context take the menu's id. Contexts are never
-- reused within a tenant (deleted menus count), so a context names one menu.
UPDATE inbound_routes r
SET destination_number = m.id::text
FROM ivr_menus m
WHERE r.destination_type = 'IVR'
  AND m.tenant_id = r.tenant_id
  AND m.context = r.destination_number;
