// The audit actions and target types live in the shared rules, which the console imports too.
export * from '@callcenter/rules/audit-actions';
