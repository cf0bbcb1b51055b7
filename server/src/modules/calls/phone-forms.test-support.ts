// Written forms of phone numbers shared by the unit test of phoneKey and the tests that match them in SQL.
// Every written form of one Brazilian mobile and one landline, as people type them and as
// switches and carriers write them.
export const SAME_MOBILE = [
  '+55 11 98765-4321',
  '+55 (11) 98765-4321',
  '(11) 98765-4321',
  '11 98765 4321',
  '11987654321',
  '5511987654321',
  '+5511987654321',
  '005511987654321',
  '011987654321',
  '0 11 98765-4321',
  '0 21 11 98765-4321',
  '02111987654321',
  '11.98765.4321',
];
export const SAME_LANDLINE = ['+55 11 3333-4444', '(11) 3333-4444', '1133334444', '551133334444', '01133334444', '0151133334444'];
/** Numbers that are not those two: other subscribers, no area code, other countries, extensions. */
export const OTHERS = ['11987654322', '987654321', '98765-4321', '+1 212 555 0100', '1001', '21987654321', '+44 20 7946 0958'];
