// mod_dialplan_xml, the parts the platform uses: in a context, each extension's conditions
// (field + regex, break, anti-actions, continue="true"), $1..$9 substitution and inline set.
// Checked against src/mod/dialplans/mod_dialplan_xml/mod_dialplan_xml.c.
import type { DialplanAction } from '../config/types.ts';
import type { Channel } from './channel.ts';
import type { SwitchCore } from './core.ts';
import { channelField } from './expand.ts';

export interface PlannedAction {
  application: string;
  data: string;
}

function toRegExp(expression: string): RegExp {
  // PCRE's (?i) prefix is the only inline flag used in typical dialplans.
  if (expression.startsWith('(?i)')) return new RegExp(expression.slice(4), 'i');
  return new RegExp(expression);
}

function safeExec(expression: string, value: string): RegExpExecArray | null {
  try {
    return toRegExp(expression).exec(value);
  } catch {
    return null;
  }
}

export class Dialplan {
  constructor(private readonly core: SwitchCore) {}

  /** The applications the extensions matching `ch` in `context` would run; undefined = no route. */
  lookup(ch: Channel, context: string): PlannedAction[] | undefined {
    const extensions = this.core.config.contexts.get(context);
    if (!extensions) return undefined;
    const planned: PlannedAction[] = [];
    let found = false;
    for (const ext of extensions) {
      const actions: PlannedAction[] = [];
      let proceed = true;
      for (const cond of ext.conditions) {
        let matched = true;
        let captures: string[] = [];
        if (cond.field !== undefined && cond.expression !== undefined) {
          const value = this.fieldValue(ch, cond.field);
          const m = safeExec(cond.expression, value);
          matched = m !== null;
          captures = m ? [...m] : [];
        }
        const pick = matched ? cond.actions : cond.antiActions;
        for (const action of pick) this.plan(ch, action, captures, actions);
        if (!matched && cond.breakOn !== 'never') {
          proceed = false;
          break;
        }
        if (matched && cond.breakOn === 'on-true') break;
      }
      if (actions.length > 0 && (proceed || ext.conditions.some((c) => c.antiActions.length > 0))) {
        found = true;
        planned.push(...actions);
        if (!ext.continueOnMatch) break;
      }
    }
    return found ? planned : undefined;
  }

  private fieldValue(ch: Channel, field: string): string {
    const dollar = /^\$\{(.+)\}$/.exec(field);
    if (dollar) return this.core.expand(field, ch);
    return channelField(ch, field) ?? ch.vars.get(field) ?? '';
  }

  private plan(ch: Channel, action: DialplanAction, captures: string[], out: PlannedAction[]): void {
    const data = action.data.replace(/\$(\d)/g, (_w, n: string) => captures[Number(n)] ?? '');
    if (action.inline && (action.application === 'set' || action.application === 'export')) {
      const expanded = this.core.expand(data, ch);
      const eq = expanded.indexOf('=');
      if (eq > 0) ch.vars.set(expanded.slice(0, eq), expanded.slice(eq + 1));
      return;
    }
    out.push({ application: action.application, data });
  }
}
