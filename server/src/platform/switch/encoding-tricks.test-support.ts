// Every XML encoding trick a hostile tenant could type into a field that reaches a switch file
// (decision 0014): character references (decimal, hex, upper-case X, 0x prefix), the predefined
// entities, double encoding, raw markup and whitespace, and what FreeSWITCH's preprocessor acts on.
export const ENCODING_TRICKS = [
  'x=&#36;{system(id)}',
  'x=&#x24;{system(id)}',
  'x=&#X24;{system(id)}',
  'x=&#x0x24;{system(id)}',
  '{api_on_answer&#61;system id}user/1001@${domain_name}',
  '&quot;&lt;&gt;&amp;&apos;',
  '&amp;#36;{system(id)}',
  '&amp;amp;#36;',
  'a & b',
  'tab\there\nline\r\nend',
  `quotes " and ' and <tag>`,
  '$${hostname} $$${x} $$',
  'X-PRE-PROCESS cmd=set data=x-pre-process',
] as const;
