// One numeric input for the whole console: typed and shown the way the user's language writes
// numbers ("2,5" in pt-BR is 2.5, never 25). A browser's type="number" reads the decimal mark of the
// browser's locale, not the console's language, so this is a text input with a decimal keypad that
// parses with parseLocaleNumber. What is not a number, out of range or has too many decimals is a
// translated field error and blocks the form's submission through the input's own validity.
import { useEffect, useId, useRef, useState, type InputHTMLAttributes, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { decimalPlaces, formatNumberInput, parseLocaleNumber } from './locale-number.ts';

type NativeProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'value' | 'defaultValue' | 'onChange' | 'min' | 'max' | 'step' | 'inputMode'
>;

interface NumberInputProps extends NativeProps {
  /** Null for a blank field. */
  value: number | null;
  /** Called with every value the field reads as valid (null when blank); garbage is not reported. */
  onValueChange: (value: number | null) => void;
  min?: number;
  max?: number;
  /** Refuse decimals (counts, seconds, levels). */
  integer?: boolean;
  /** The most decimal places accepted (a server's `multipleOf: 0.01` is 2). */
  decimals?: number;
  ref?: Ref<HTMLInputElement>;
}

/** The translated problem with `text`, or '' when it is a valid value. */
function problemOf(
  text: string,
  parsed: number | null,
  props: Pick<NumberInputProps, 'min' | 'max' | 'integer' | 'decimals' | 'required'>,
  t: (key: string, options?: Record<string, unknown>) => string,
  language: string,
): string {
  if (text.trim() === '') return props.required ? t('common.numberRequired') : '';
  if (parsed === null) return t('common.numberInvalid', { example: formatNumberInput(2.5, language) });
  if (props.integer && !Number.isInteger(parsed)) return t('common.numberWhole');
  if (props.decimals !== undefined && decimalPlaces(parsed) > props.decimals)
    return t('common.numberDecimals', { count: props.decimals });
  if (props.min !== undefined && parsed < props.min)
    return t('common.numberAtLeast', { min: formatNumberInput(props.min, language) });
  if (props.max !== undefined && parsed > props.max)
    return t('common.numberAtMost', { max: formatNumberInput(props.max, language) });
  return '';
}

export function NumberInput({
  value,
  onValueChange,
  min,
  max,
  integer,
  decimals,
  ref,
  ...native
}: NumberInputProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(() => formatNumberInput(value, language));
  const [touched, setTouched] = useState(false);

  // A value set from outside (a form reset, another record) or a language switch rewrites the text;
  // the user's own typing, which already reads as `value`, is left as typed. Adjusted while rendering
  // (not in an effect) so the field never shows the previous record's number, even for a frame.
  const [shown, setShown] = useState({ value, language });
  if (shown.value !== value || shown.language !== language) {
    setShown({ value, language });
    if (shown.language !== language || parseLocaleNumber(text, language) !== value)
      setText(formatNumberInput(value, language));
  }

  const parsed = parseLocaleNumber(text, language);
  const problem = problemOf(
    text,
    parsed,
    { min, max, integer, decimals, required: native.required },
    t,
    language,
  );
  useEffect(() => {
    input.current?.setCustomValidity(problem);
  }, [problem]);

  const describedBy = [native['aria-describedby'], touched && problem ? errorId : undefined]
    .filter(Boolean)
    .join(' ');
  return (
    <>
      <input
        {...native}
        ref={(node) => {
          input.current = node;
          if (typeof ref === 'function') ref(node);
          else if (ref) ref.current = node;
        }}
        type="text"
        inputMode={integer && (min ?? 0) >= 0 ? 'numeric' : 'decimal'}
        autoComplete="off"
        value={text}
        aria-invalid={touched && problem ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          const read = parseLocaleNumber(next, language);
          if (next.trim() === '') onValueChange(null);
          else if (read !== null) onValueChange(read);
        }}
        onBlur={(event) => {
          setTouched(true);
          // Tidy a valid entry into the language's own writing ("1.234,5" stays readable as typed).
          if (parsed !== null) setText(formatNumberInput(parsed, language));
          native.onBlur?.(event);
        }}
        onInvalid={(event) => {
          setTouched(true);
          native.onInvalid?.(event);
        }}
      />
      {touched && problem && (
        <small id={errorId} className="field-error" role="alert">
          {problem}
        </small>
      )}
    </>
  );
}
