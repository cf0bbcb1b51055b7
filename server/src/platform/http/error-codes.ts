// The error-code catalog live in the shared rules, which the console imports too.
export * from '@callcenter/rules/error-codes';
