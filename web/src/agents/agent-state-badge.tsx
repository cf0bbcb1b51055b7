import { useTranslation } from 'react-i18next';
import { stateTone, type AgentState } from './agent-state.ts';
import './agent-state-badge.css';

/** An agent's state as a coloured badge, with the pause reason's name while paused. */
export function AgentStateBadge({
  state,
  reason,
  label,
}: {
  state: AgentState;
  /** The name of the current pause reason; shown only while PAUSED. */
  reason?: string | undefined;
  /** An accessible name for the badge, when the text around it does not give one. */
  label?: string;
}) {
  const { t } = useTranslation();
  return (
    <span className={`badge agent-state ${stateTone(state)}`} data-testid="agent-state" aria-label={label}>
      {t(`agentBar.states.${state}`, { defaultValue: state })}
      {state === 'PAUSED' && reason && ` · ${reason}`}
    </span>
  );
}
