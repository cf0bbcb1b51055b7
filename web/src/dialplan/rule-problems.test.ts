import { describe, expect, it } from 'vitest';
import { hasProblem, placeOf } from './rule-problems.ts';

describe('placeOf', () => {
  it('names action rows from 1, as people count', () => {
    expect(placeOf('actions.2.application')).toEqual({ list: 'actions', position: 3, field: 'application' });
    expect(placeOf('antiActions.0.data')).toEqual({ list: 'antiActions', position: 1, field: 'data' });
    expect(placeOf('actions.4')).toEqual({ list: 'actions', position: 5, field: null });
  });

  it('keeps other paths as the field they name', () => {
    expect(placeOf('conditionField')).toEqual({ list: null, field: 'conditionField' });
    expect(placeOf('context')).toEqual({ list: null, field: 'context' });
  });
});

describe('hasProblem', () => {
  const problems = [{ path: 'actions.1.data', message: 'x' }];
  it('matches the exact path and the paths below it', () => {
    expect(hasProblem(problems, 'actions.1.data')).toBe(true);
    expect(hasProblem(problems, 'actions.1')).toBe(true);
    expect(hasProblem(problems, 'actions.10')).toBe(false);
    expect(hasProblem(problems, 'actions.0.data')).toBe(false);
  });
});
