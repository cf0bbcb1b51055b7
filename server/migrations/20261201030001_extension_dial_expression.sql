-- The starting rule dials every extension number the API accepts (2 to 8 digits, the shared rule
-- in @callcenter/rules/extension-number): seeded rules still holding the old 2-to-6 pattern follow.
UPDATE dialplan_rules
   SET condition_expression = '^([0-9]{2,8})$'
 WHERE name = 'internal-extensions'
   AND condition_field = 'destination_number'
   AND condition_expression = '^(\d{2,6})$';
