/**
 * The pause the platform puts an agent in when mod_callcenter gives up on them (max no-answer):
 * one fixed code in every language, so it is found again; created disabled on first use, so agents
 * do not pick it themselves (decision 0037).
 */
export const NO_ANSWER_PAUSE_CODE = 'NO_ANSWER';
