// The safety checks for dialplan data live in the shared rules, which the console imports too.
export * from '@callcenter/rules/safe-data';
